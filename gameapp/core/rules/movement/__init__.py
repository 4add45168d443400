"""Movement rules: allowances, step costs, the reach search, formations, stacking, and the
movement phase that ties them together (`phase.MovementRules`)."""
