"""Fire combat: weapon ranges, the fire tables, the fire point procedure and its modifiers,
the geometry of an attack (enfilade, line of fire, fields of fire) and the fire phase
(`phase.FireRules`)."""
