"""The scenario editor's model: pure Python, no Qt (gameapp/ui/editor draws it).

- yamltext: round-trip YAML text (ruamel.yaml), saved so unchanged parts keep their bytes;
- edits: reversible edits as values (set, delete, insert, remove, batch) on the YAML tree;
- document: a YAML file being edited, its edits and its atomic save;
- scenario_doc: a scenario on its map and order of battle, read as core Units;
- oob: the order of battle as a tree (side > command > division > brigade > counters);
- problems: live checks of placements (stacking, terrain) and the loader's own checks;
- validate: the checks of `gameapp validate` on unsaved text.
"""
