#!/usr/bin/env bash
# The cp search (solvers/_cpsearch.c) built with AddressSanitizer and UndefinedBehaviorSanitizer, and
# its tests run against that build (issue 39): any report (an overflow of a buffer or of a signed
# integer, a division by zero or INT64_MIN / -1, a NULL pointer) aborts the run and fails it.
#
# The project's files are copied into a temporary folder and the extension is built there, so the
# worktree's own build is left alone. Python itself is not instrumented: the ASan runtime is
# preloaded, PYTHONMALLOC=malloc puts every PyMem_Malloc under it (pymalloc's arenas would hide an
# overflow of a small array), and leaks are not checked (the interpreter keeps memory at exit by
# design). About a minute on 2 cores. Usage: tests/sanitize_cp.sh [pytest arguments]
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PYTHON:-$( [ -x .venv/bin/python ] && echo .venv/bin/python || echo python3 )}
PY=$(command -v "$PY")
case $PY in /*) ;; *) PY=$PWD/$PY ;; esac  # used from the temporary folder
CC=${CC:-gcc}
TESTS=(tests/test_cp_native.py tests/test_cp_backend.py tests/test_cp_magnitudes.py tests/test_cp_restarts.py)
# as the tests skip without their tools: no compiler or no ASan runtime, nothing to run
asan=$("$CC" -print-file-name=libasan.so 2>/dev/null || true)
if [ ! -e "$asan" ]; then
  echo "sanitize_cp: skipped: $CC with libasan is not installed here"
  exit 0
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# tracked and new files (not ignored ones: no .venv, no built extension)
git ls-files -z --cached --others --exclude-standard | while IFS= read -r -d '' f; do
  [ -e "$f" ] && printf '%s\0' "$f"
done | xargs -0 cp -P --parents -t "$work"  # -P: src/puzzlesat's links stay links
include=$("$PY" -c 'import sysconfig; print(sysconfig.get_paths()["include"])')
suffix=$("$PY" -c 'import sysconfig; print(sysconfig.get_config_var("EXT_SUFFIX"))')
"$CC" -O1 -g -fPIC -shared -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer \
  -I"$include" "$work/solvers/_cpsearch.c" -o "$work/solvers/_cpsearch$suffix"

cd "$work"
export PYTHONPATH=$work/src  # the copy's package, not the installed one
export LD_PRELOAD=$asan
export PYTHONMALLOC=malloc
export ASAN_OPTIONS=detect_leaks=0:abort_on_error=1
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
"$PY" -c 'import puzzlesat.solvers._cpsearch as m, sys; sys.exit(0 if m.__file__.startswith(sys.argv[1]) else "not the sanitized build: " + m.__file__)' "$work"
# --capture=sys: the sanitizers write to file descriptor 2, which pytest would otherwise capture
# (and lose when the process aborts). Copies of both streams are searched for reports afterwards
# (a child process's report reaches pytest's own output through its test's assertion).
status=0
"$PY" -m pytest -q -p no:cacheprovider --capture=sys "${TESTS[@]}" "$@" > >(tee stdout.txt) 2> >(tee stderr.txt >&2) \
  || status=$?
wait  # for the two tees
if grep -qE "runtime error:|ERROR: AddressSanitizer|ERROR: LeakSanitizer" stdout.txt stderr.txt; then
  echo "sanitize_cp: the sanitizers reported the above (pytest exit status $status)" >&2
  exit 1
fi
if [ "$status" != 0 ]; then
  echo "sanitize_cp: pytest failed (exit status $status) with no sanitizer report" >&2
  exit "$status"
fi
echo "sanitize_cp: ${TESTS[*]} passed under ASan and UBSan"
