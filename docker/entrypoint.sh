#!/bin/sh
# The image's entrypoint (docker/Dockerfile): an optional first-start account bootstrap, then
# umpire-server with the arguments given (docs/operations.md, "First start and accounts").
#
#   UMPIRE_BOOTSTRAP_ADMIN=NAME            make the account NAME, an administrator, in $UMPIRE_DB
#                                          unless it is there already (each start checks)
#   UMPIRE_BOOTSTRAP_PASSWORD_FILE=FILE    its password, the file's first line (e.g. a Docker
#                                          secret); without it a password is drawn and printed
#                                          once to the container's log
#
#   UMPIRE_CREATE_DB=0                     do not pass --create-db: refuse to start on a missing
#                                          or empty database (say, a volume that did not mount)
#
# The bootstrap is skipped for `admin …` commands (docker compose run --rm umpire admin …).
# It only ever adds the account: it never changes a password or rights that exist.
# The server gets --create-db, so the first start on a new volume makes the database.
set -eu

server=${UMPIRE_SERVER_BIN:-umpire-server}
is_admin_command=no
for argument in "$@"; do
  [ "$argument" = admin ] && is_admin_command=yes
done

if [ -n "${UMPIRE_BOOTSTRAP_ADMIN:-}" ] && [ "$is_admin_command" = no ]; then
  db=${UMPIRE_DB:-umpire.db}
  if "$server" admin show --db "$db" --name "$UMPIRE_BOOTSTRAP_ADMIN" >/dev/null 2>&1; then
    echo "umpire bootstrap: account $UMPIRE_BOOTSTRAP_ADMIN exists; nothing to do" >&2
  else
    echo "umpire bootstrap: making the administrator $UMPIRE_BOOTSTRAP_ADMIN in $db" >&2
    if [ -n "${UMPIRE_BOOTSTRAP_PASSWORD_FILE:-}" ]; then
      "$server" admin create-account --db "$db" --name "$UMPIRE_BOOTSTRAP_ADMIN" --admin \
        --password-cost "${UMPIRE_PASSWORD_COST:-interactive}" \
        --password-file "$UMPIRE_BOOTSTRAP_PASSWORD_FILE"
    else
      # The drawn password is printed here once ("password: …"); it is not stored anywhere else.
      "$server" admin create-account --db "$db" --name "$UMPIRE_BOOTSTRAP_ADMIN" --admin \
        --password-cost "${UMPIRE_PASSWORD_COST:-interactive}"
    fi
  fi
fi

if [ "$is_admin_command" = no ] && [ "${UMPIRE_CREATE_DB:-1}" != 0 ]; then
  exec "$server" --create-db "$@"
fi
exec "$server" "$@"
