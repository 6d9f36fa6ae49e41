#!/bin/sh
# `npm test`: the static checks (`npm run checks`) beside Jest, not before it. Jest's suites spend much of their time
# waiting on the services, databases and browsers they start, so the checks mostly use CPU that would idle. Their
# output is held and printed after Jest's, under a heading, so the two do not interleave. Either failing fails the run.
# Arguments go to Jest (`npm test -- test/api`).
checks_log=$(mktemp "${TMPDIR:-/tmp}/sanctum-checks.XXXXXX")
trap 'rm -f "$checks_log"' EXIT
npm run -s checks >"$checks_log" 2>&1 &
checks=$!
jest "$@"
tests=$?
wait "$checks"
checked=$?
echo "── npm run checks (types, lint, formatting, layer rules) ──"
cat "$checks_log"
if [ "$checked" -eq 0 ]; then echo "checks passed"; else echo "checks FAILED (above)" >&2; fi
[ "$tests" -eq 0 ] && [ "$checked" -eq 0 ]
