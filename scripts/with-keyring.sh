#!/usr/bin/env bash
# Runs a command inside a private D-Bus session with an unlocked gnome-keyring
# (the Secret Service keytar talks to). HOME points at a scratch folder so the
# tests never touch a real keyring, and `npm test` stays the one command.
set -euo pipefail

if [ -z "${QUOTEDESK_IN_KEYRING_SESSION:-}" ]; then
  for tool in dbus-run-session gnome-keyring-daemon; do
    if ! command -v "$tool" >/dev/null 2>&1; then
      echo "The tests need $tool. Install the test packages first:" >&2
      echo "  apt-get install -y libsecret-1-dev gnome-keyring dbus-x11 dbus-user-session chromium" >&2
      exit 1
    fi
  done
  scratch=$(mktemp -d -t quotedesk-home.XXXXXX)
  trap 'rm -rf "$scratch"' EXIT
  mkdir -p "$scratch/runtime" && chmod 700 "$scratch/runtime"
  export QUOTEDESK_IN_KEYRING_SESSION=1
  export QUOTEDESK_REAL_HOME="${HOME:-}"
  export HOME="$scratch" XDG_RUNTIME_DIR="$scratch/runtime"
  export XDG_DATA_HOME="$scratch/.local/share" XDG_CONFIG_HOME="$scratch/.config" XDG_CACHE_HOME="$scratch/.cache"
  # not exec: the trap must remove the scratch folder afterwards
  dbus-run-session -- bash "$0" "$@"
  exit $?
fi

# The daemon reads the password on stdin and prints the variables to export.
eval "$(printf 'pass' | gnome-keyring-daemon --unlock --components=secrets)"
export GNOME_KEYRING_CONTROL SSH_AUTH_SOCK 2>/dev/null || true
exec "$@"
