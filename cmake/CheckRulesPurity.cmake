# rules/ is a pure engine (DESIGN.md): it may use only the standard library and header-only
# nlohmann/json. Any include of Asio, Beast, SQLite or spdlog under rules/ fails the configure step.
function(check_rules_purity dir)
  file(GLOB_RECURSE sources ${dir}/*.hpp ${dir}/*.cpp ${dir}/*.h)
  foreach(source IN LISTS sources)
    file(STRINGS ${source} hits REGEX "#[ \t]*include[ \t]*[<\"](boost/asio|boost/beast|sqlite3|spdlog)")
    if(hits)
      message(FATAL_ERROR "rules/ must stay pure, but ${source} has: ${hits}")
    endif()
  endforeach()
  # Re-run the check whenever a rules/ file changes (not in script mode, used by its test).
  if(NOT CMAKE_SCRIPT_MODE_FILE)
    set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${sources})
  endif()
endfunction()
