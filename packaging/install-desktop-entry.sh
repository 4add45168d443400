#!/bin/sh
# Rally & Charge: add the game to this user's desktop menu (no root needed).
#
#   ./install-desktop-entry.sh              menu entry and icon, pointing at this folder
#   ./install-desktop-entry.sh --uninstall  remove them again
#
# Writes $XDG_DATA_HOME/applications/rally-and-charge.desktop (default ~/.local/share) with the
# absolute path of the RallyAndCharge program beside this script, and copies the icon into the
# hicolor theme. Run it again after moving the folder.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
data=${XDG_DATA_HOME:-$HOME/.local/share}
apps=$data/applications
icons=$data/icons/hicolor/256x256/apps

if [ "${1:-}" = "--uninstall" ]; then
  rm -f "$apps/rally-and-charge.desktop" "$icons/rally-and-charge.png"
  echo "removed the Rally & Charge menu entry"
  exit 0
fi
case $here in
  *[\"\`\$\\\|]*)
    echo "install-desktop-entry.sh: move the folder to a path without \" \` \$ \\ or |: $here" >&2
    exit 1 ;;
esac
mkdir -p "$apps" "$icons"
cp "$here/rally-and-charge.png" "$icons/rally-and-charge.png"
sed -e "s|^Exec=.*|Exec=\"$here/RallyAndCharge\"|" "$here/rally-and-charge.desktop" \
  > "$apps/rally-and-charge.desktop"
if command -v update-desktop-database >/dev/null 2>&1; then
  update-desktop-database "$apps" >/dev/null 2>&1 || true
fi
echo "added Rally & Charge to the menu: $apps/rally-and-charge.desktop"
