# The build refuses a rules/ tree that includes an I/O library (DESIGN: rules/ is pure).
source "$(dirname "$0")/lib.bash"

mkdir -p "$WORK/rules"
echo '#include <vector>' > "$WORK/rules/clean.cpp"
expect_exit 0 cmake -DDIR="$WORK/rules" -P "$SRC/tests/cli/check_purity.cmake"
for header in 'sqlite3.h' 'boost/asio.hpp' 'boost/beast/http.hpp' 'spdlog/spdlog.h'; do
  echo "#include <$header>" > "$WORK/rules/dirty.hpp"
  expect_exit 1 cmake -DDIR="$WORK/rules" -P "$SRC/tests/cli/check_purity.cmake"
  expect_in "$WORK/err" "rules/ must stay pure"
done
# And the real rules/ passes.
expect_exit 0 cmake -DDIR="$SRC/rules" -P "$SRC/tests/cli/check_purity.cmake"
echo "ok"
