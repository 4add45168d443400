"""What the window and the command line present: view-models and words, pure Python.

Imports gameapp.core only, never PySide6, ai, editor or ui (tests/test_layers.py checks both)."""
