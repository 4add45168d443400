"""The scenario editor's window and widgets (the model is gameapp.editor, without Qt)."""

from gameapp.ui.editor.window import EditorWindow

__all__ = ["EditorWindow"]
