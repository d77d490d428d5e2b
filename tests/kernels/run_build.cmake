# Runs one build of a kernel test through `spvsim run` in several ways and
# checks the result; called by ctest (tests/kernels/CMakeLists.txt).
#   SPVSIM     the spvsim executable
#   RUN        the test's run file; its "module" is replaced by MODULE
#   MODULE     the build's SPIR-V module
#   WORK       a folder for the rewritten run files, dumps and reports
#   CONFIGS    "width,threads" pairs separated by '|'
#   EXPECTED   (feature tests) file whose text standard output must equal; the run
#              must exit 0 with no error finding
#   REFERENCE  (bench tests) the dumps written to files must equal, byte for byte,
#              those of RUN with its own module at the default width and threads,
#              which the test MAKE_REFERENCE of the same RUN wrote to WORK (a fixture
#              that every build's test shares)
#   MAKE_REFERENCE  with REFERENCE: only run RUN with its own module, keeping its dumps
#   SOURCE     (bug tests) the .cl file: each `BUG: <kind>` of a line (one or more) names
#              a finding the run must report (and nothing else, exit status 1);
#              with DEBUG_INFO set, each finding must point at its marked line, and
#              a race finding's other access at a line marked with its kind too (a
#              race may be reported once per pair of instructions; at least one
#              finding of each race kind must name its other access: the race
#              shadow cannot always). A source without marks must run clean (exit
#              status 0, no error finding).
#   MARK       (bug tests) the word of the marks instead of BUG, for a run whose ARGS
#              make a bug appear (e.g. `REVERSED: <kind>` for --schedule reverse)
#   ARGS       further options of `spvsim run`, separated by ','
#   MESSAGE    (bug tests) a regular expression the findings printed must match
cmake_minimum_required(VERSION 3.25)
get_filename_component(run_dir ${RUN} DIRECTORY)
get_filename_component(build_ext ${MODULE} NAME)
string(REGEX REPLACE "\\.spv$" "" build_ext ${build_ext})
# A fixed twin runs its own run file on the buggy kernel's module: its files in WORK
# are named after both, so that the two tests, which may run at once, never share one.
get_filename_component(run_name ${RUN} NAME)
string(REGEX REPLACE "\\.json$" "" run_name ${run_name})
if(NOT build_ext MATCHES "^${run_name}\\.")
  set(build_ext "${run_name}-${build_ext}")
endif()
# So are the files of a run with further options (ARGS), which another test may make of
# the same run file and module at the same time.
if(ARGS)
  string(REGEX REPLACE "[^A-Za-z0-9]+" "-" args_tag "${ARGS}")
  string(REGEX REPLACE "^-+|-+$" "" args_tag "${args_tag}")
  set(build_ext "${build_ext}.${args_tag}")
endif()
file(READ ${RUN} run_template)
file(MAKE_DIRECTORY ${WORK})

# run_file(<out var> <module> <tag>): the run file with its module replaced and its
# file dumps renamed <dump>.<tag> in WORK; textual replacements, as string(JSON SET)
# would reorder the keys (buffers are printed in the run file's order). Sets
# dump_files to the renamed dumps.
function(run_file out module tag)
  run_file_text(text files ${module} ${tag})
  set(path ${WORK}/${tag}.json)
  file(WRITE ${path} "${text}")
  set(${out} ${path} PARENT_SCOPE)
  set(dump_files ${files} PARENT_SCOPE)
endfunction()

# run_file_text(<text var> <files var> <module> <tag>): what run_file writes, and the
# dumps it names, without writing it.
function(run_file_text text_out files_out module tag)
  string(REGEX REPLACE "\"module\"[ \t\r\n]*:[ \t\r\n]*\"[^\"]*\"" "\"module\": \"${module}\""
         text "${run_template}")
  string(REGEX MATCHALL "\"dump\"[ \t\r\n]*:[ \t\r\n]*\"[^\"]*\"" dumps "${text}")
  set(files)
  foreach(dump IN LISTS dumps)
    string(REGEX REPLACE ".*\"([^\"]*)\"$" "\\1" file ${dump})
    string(REPLACE "${dump}" "\"dump\": \"${WORK}/${file}.${tag}\"" text "${text}")
    list(APPEND files ${WORK}/${file}.${tag})
  endforeach()
  set(${text_out} "${text}" PARENT_SCOPE)
  set(${files_out} ${files} PARENT_SCOPE)
endfunction()

if(REFERENCE)
  get_filename_component(reference_module ${REFERENCE} ABSOLUTE BASE_DIR ${run_dir})
  if(MAKE_REFERENCE)
    run_file(reference_run ${reference_module} ${run_name}.reference)
    execute_process(COMMAND ${SPVSIM} run --quiet ${reference_run} ERROR_VARIABLE err
                    RESULT_VARIABLE rc)
    if(NOT rc EQUAL 0)
      message(FATAL_ERROR "the reference run of ${RUN} exited with ${rc}:\n${err}")
    endif()
    return()
  endif()
  run_file_text(text reference_dumps ${reference_module} ${run_name}.reference)
  foreach(dump IN LISTS reference_dumps)
    if(NOT EXISTS ${dump})
      message(FATAL_ERROR "${dump}, the reference run's dump, is missing: the test that "
                          "makes it (MAKE_REFERENCE) did not run or failed")
    endif()
  endforeach()
endif()

# Expected findings of a bug test: kind -> lines of its markers. A race kind
# counts once however many findings (pairs of instructions) report it.
set(expected_kinds)
if(NOT MARK)
  set(MARK BUG)
endif()
string(REPLACE "," ";" ARGS "${ARGS}")
if(SOURCE)
  # UTF-8: a non-ASCII byte (a § in a comment) must not split its line in two.
  file(STRINGS ${SOURCE} source_lines ENCODING UTF-8)
  set(line_number 0)
  foreach(line IN LISTS source_lines)
    math(EXPR line_number "${line_number} + 1")
    string(REGEX MATCHALL "${MARK}: [a-z._-]+" marks "${line}")
    foreach(mark IN LISTS marks)
      string(REGEX REPLACE "^${MARK}: " "" marked "${mark}")
      if(NOT marked MATCHES "^race\\." OR NOT marked IN_LIST expected_kinds)
        list(APPEND expected_kinds ${marked})
      endif()
      list(APPEND lines_of_${marked} ${line_number})
    endforeach()
  endforeach()
  list(SORT expected_kinds)
endif()

string(REPLACE "|" ";" configs "${CONFIGS}")
foreach(config IN LISTS configs)
  string(REPLACE "," ";" pair ${config})
  list(GET pair 0 width)
  list(GET pair 1 threads)
  set(tag w${width}.t${threads})
  set(what "${build_ext} at --warp-width ${width} --threads ${threads}")
  set(report ${WORK}/${build_ext}.${tag}.report.json)
  run_file(run ${MODULE} ${build_ext}.${tag})
  execute_process(COMMAND ${SPVSIM} run --warp-width ${width} --threads ${threads}
                          --timeout 60 --report ${report} ${ARGS} ${run}
                  OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE rc)
  if(EXPECTED OR REFERENCE)
    if(NOT rc EQUAL 0)
      message(FATAL_ERROR "${what}: spvsim exited with ${rc}:\n${err}")
    endif()
  endif()
  if(EXPECTED)
    file(READ ${EXPECTED} expected)
    if(NOT out STREQUAL expected)
      file(WRITE ${WORK}/${build_ext}.${tag}.out "${out}")
      message(FATAL_ERROR "${what}: output differs from ${EXPECTED} "
                          "(see ${WORK}/${build_ext}.${tag}.out):\n${out}")
    endif()
  endif()
  if(REFERENCE)
    foreach(dump expected_dump IN ZIP_LISTS dump_files reference_dumps)
      execute_process(COMMAND ${CMAKE_COMMAND} -E compare_files ${dump} ${expected_dump}
                      RESULT_VARIABLE differ)
      if(differ)
        message(FATAL_ERROR "${what}: ${dump} differs from the reference ${expected_dump}")
      endif()
      file(REMOVE ${dump})
    endforeach()
  endif()
  if(SOURCE)
    set(expected_rc 1)
    if(NOT expected_kinds)
      set(expected_rc 0)
    endif()
    if(NOT rc EQUAL expected_rc)
      message(FATAL_ERROR "${what}: exit status ${rc}, expected ${expected_rc}:\n${err}")
    endif()
    file(READ ${report} report_text)
    string(JSON count LENGTH "${report_text}" findings)
    set(kinds)
    set(named_races)
    if(count GREATER 0)
      math(EXPR last "${count} - 1")
      foreach(k RANGE ${last})
        string(JSON severity GET "${report_text}" findings ${k} severity)
        if(NOT severity STREQUAL "error")
          continue()
        endif()
        string(JSON kind GET "${report_text}" findings ${k} kind)
        if(NOT kind MATCHES "^race\\." OR NOT kind IN_LIST kinds)
          list(APPEND kinds ${kind})
        endif()
        if(DEBUG_INFO)
          set(places location)
          string(JSON other_instruction ERROR_VARIABLE unnamed GET "${report_text}" findings
                 ${k} other_access instruction)
          if(kind MATCHES "^race\\." AND NOT unnamed)
            list(APPEND places "other_access location")
            list(APPEND named_races ${kind})
          endif()
          foreach(place IN LISTS places)
            string(REPLACE " " ";" place ${place})
            string(JSON line ERROR_VARIABLE no_location GET "${report_text}" findings ${k}
                   ${place} line)
            if(no_location)
              # clang -O2 hoisted it and kept no line for it (validator/RULES.md,
              # DebugNoScope): the finding says so rather than name another line.
              string(JSON notes ERROR_VARIABLE no_notes GET "${report_text}" findings ${k} notes)
              if(place STREQUAL "location" AND NOT no_notes
                 AND notes MATCHES "no source line: the compiler kept none for this instruction")
                continue()
              endif()
              message(FATAL_ERROR "${what}: ${kind} has no source location (${place}):\n${err}")
            endif()
            if(NOT line IN_LIST lines_of_${kind})
              message(FATAL_ERROR "${what}: ${kind} reported at line ${line} (${place}), the "
                                  "bug is at line ${lines_of_${kind}} of ${SOURCE}:\n${err}")
            endif()
          endforeach()
        endif()
      endforeach()
    endif()
    list(SORT kinds)
    if(NOT "${kinds}" STREQUAL "${expected_kinds}")
      message(FATAL_ERROR "${what}: findings '${kinds}', expected '${expected_kinds}':\n${err}")
    endif()
    if(MESSAGE AND NOT "${err}" MATCHES "${MESSAGE}")
      message(FATAL_ERROR "${what}: the findings do not match '${MESSAGE}':\n${err}")
    endif()
    if(DEBUG_INFO)
      foreach(kind IN LISTS kinds)
        if(kind MATCHES "^race\\." AND NOT kind IN_LIST named_races)
          message(FATAL_ERROR "${what}: no ${kind} finding names its other access:\n${err}")
        endif()
      endforeach()
    endif()
  endif()
endforeach()
