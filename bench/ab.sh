#!/bin/sh
# A/B of two revisions on one phase: builds ./bench of each (from git
# archive, so the working tree is untouched) and runs them alternately,
# A B A B …, so that a change of the machine's load hits both alike.
#
#   bench/ab.sh REV_A REV_B [RUNS] [BENCH FLAGS…]
#   bench/ab.sh HEAD~1 HEAD 4 -phases home -pgbench=false -rounds 1 -duration 8s -members 8
set -eu
a=$1 b=$2 runs=${3:-4}
shift 2; [ $# -gt 0 ] && shift
dir=$(mktemp -d "${TMPDIR:-/tmp}/ngern-ab.XXXXXX")
trap 'rm -rf "$dir"' EXIT
for v in a b; do
	eval rev=\$$v
	mkdir "$dir/$v"
	git archive "$rev" | tar -x -C "$dir/$v"
	(cd "$dir/$v" && go build -o "$dir/bench-$v" ./bench)
done
i=1
while [ "$i" -le "$runs" ]; do
	for v in a b; do
		printf '%s run %d: ' "$v" "$i"
		"$dir/bench-$v" "$@" 2>/dev/null | tail -1
	done
	i=$((i + 1))
done
