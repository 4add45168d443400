"""The tactical rules (seed 001). Their tables are data: see `data/*.yaml` and `tables.py`."""
