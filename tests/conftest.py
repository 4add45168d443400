import os

# Without a display pytest-qt aborts; every test runs Qt offscreen.
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
