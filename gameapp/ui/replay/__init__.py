"""Looking back: the board as it was at any point of a game's log, read-only (past_board), the
log panel's way into it during play (history_mode), and the replay viewer for saved games
(replay_window)."""
