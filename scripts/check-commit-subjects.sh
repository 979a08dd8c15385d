#!/usr/bin/env bash
# Fails if a commit subject in BASE..HEAD is longer than 72 characters, so that `git log --oneline` and a
# terminal's width show every subject whole (CONTRIBUTING.md, "Commits").
#
#   scripts/check-commit-subjects.sh [BASE]
#
# BASE defaults to e129acc, the last commit before the rule: the subjects before it are left as they are.
set -euo pipefail
cd "$(dirname "$0")/.."

limit=72
base="${1:-e129acc}"
if ! git rev-parse --quiet --verify "${base}^{commit}" > /dev/null; then
  echo "FAIL: ${base} is not a commit of this clone (a shallow clone lacks it: fetch the history, or pass a BASE)." >&2
  exit 1
fi

# Characters, not bytes: a subject may hold non-ASCII text.
export LC_ALL=C.UTF-8
too_long=""
while IFS=' ' read -r hash subject; do
  if [ "${#subject}" -gt "${limit}" ]; then
    too_long+="  ${hash} ${subject} (${#subject} characters)"$'\n'
  fi
done < <(git log --format='%h %s' "${base}..HEAD")
if [ -n "${too_long}" ]; then
  echo "FAIL: commit subjects after ${base} must be at most ${limit} characters; these are longer:"
  printf "%s" "${too_long}"
  echo "Fix: reword them (git rebase -i ${base}, reword), keeping the why in the body."
  exit 1
fi
echo "Commit subjects after ${base}: all at most ${limit} characters."
