"""The strategic computer player: the generic candidate-action loop (gameapp/ai/rca.py) over a
strategic commander's candidate actions (docs/ai.md, "The strategic computer player").

- position.py: one look at the board for a side (stacks, supply, the places worth points);
- objectives.py: what each hex is worth to march to (the decisive point, the capital, danger);
- command_cas.py: rosters, spans, and which leaders get the week's orders or try initiative;
- movement_cas.py: marches and rail moves of the force being moved;
- water_cas.py: moves by water of the force being moved (embark, sail, land);
- combat_cas.py: which battles to fight, at what odds and with what supply;
- invasion.py: the invasion of the enemy's country, and the answer to it;
- settings.py: easy, normal and hard;
- player.py: the player that puts them together.
"""
