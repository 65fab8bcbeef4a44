# cmake -DDIR=<folder> -P check_purity.cmake: runs the build's purity check on one folder.
include(${CMAKE_CURRENT_LIST_DIR}/../../cmake/CheckRulesPurity.cmake)
check_rules_purity(${DIR})
