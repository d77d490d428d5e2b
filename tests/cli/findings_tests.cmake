# Findings people can act on (docs/findings.md, "How findings are shown"): the source
# line with a caret under the column, the element and its type beside the byte offset,
# one finding per source location and kind.
spvsim_cli_cl_test(run.finding.source_excerpt
                   "memory: global buffer 'out' offset 256 size 4 \\(out\\[64\\], int\\)\n.*at [^\n]*shift\\.cl:4:14\n    4 \\|   out\\[i \\+ 1\\] = \\(int\\)i;\n      \\|              \\^\n.*exit status 1"
                   run ${cl_data}/shift.json)
# Nine stores of one unrolled line: one finding that counts them.
spvsim_cli_cl_test(run.finding.one_per_source_location
                   "^[^\n]*\nerror\\[oob\\.global\\.write\\]: write of 4 bytes at offset [0-9]+ of global 'v' of 400 bytes \\([0-9]+ times: 9 instructions at this source location\\)\n.*\\(v\\[[0-9]+\\], float\\)\n.*    7 \\|     v\\[i \\* 9 \\+ k\\] = \\(float\\)k;\n.*exit status 1\n$"
                   run --threads 1 ${cl_data}/unrolled.json)
set_tests_properties(cli.run.finding.one_per_source_location PROPERTIES
  FAIL_REGULAR_EXPRESSION "error\\[[^\n]*\n(.*\n)*error\\[")
# A race shows both lines; an uninitialised value the line it was loaded at.
spvsim_cli_cl_test(run.finding.race_and_origin_lines
                   "error\\[race\\.local\\.read-write\\].*    6 \\|     shared\\[0\\] = 7;\n      \\|               \\^\n  other access: read by.*      7 \\|   out\\[get_global_id\\(0\\)\\] = shared\\[0\\];\n        \\|                           \\^\nerror\\[uninit\\.read\\].*  the value was loaded at [^\n]*race_lines\\.cl:7:27\n    7 \\|   out\\[get_global_id\\(0\\)\\] = shared\\[0\\];\n      \\|                           \\^\n.*exit status 1"
                   run --quiet ${cl_data}/race_lines.json)
# The JSON report carries the element, its type and the instruction count.
add_test(NAME cli.run.finding.report_element
         COMMAND sh -c "export XDG_CACHE_HOME=\"$0\" SPVSIM_CACHE=; \"$1\" run --quiet --threads 1 --report \"$0/unrolled.report\" \"$2\" 2>/dev/null; cat \"$0/unrolled.report\""
                 ${cl_cache}/report_element $<TARGET_FILE:spvsim> ${cl_data}/unrolled.json)
set_tests_properties(cli.run.finding.report_element PROPERTIES PASS_REGULAR_EXPRESSION
  "\"instructions\": 9,.*\"element\": [0-9]+,\n *\"element_type\": \"float\",")

# Accepting findings: --suppress KIND[@FILE:LINE], --suppressions FILE; accepted findings
# are not printed, reported or counted (exit status 0).
spvsim_cli_cl_test(run.suppress.kind "^exit status 0\n$"
                   run --suppress oob.global.write ${cl_data}/shift.json)
spvsim_cli_cl_test(run.suppress.kind_prefix "^exit status 0\n$"
                   run --suppress "oob.*" ${cl_data}/shift.json)
spvsim_cli_cl_test(run.suppress.at_line "^exit status 0\n$"
                   run --suppress oob.global.write@data/shift.cl:4 ${cl_data}/shift.json)
spvsim_cli_cl_test(run.suppress.other_line "error\\[oob\\.global\\.write\\].*exit status 1\n$"
                   run --suppress oob.global.write@shift.cl:5 --suppress race.* ${cl_data}/shift.json)
spvsim_cli_cl_test(run.suppress.bad_rule
                   "--suppress: 'oob\\.global\\.write@shift\\.cl': the location is FILE:LINE \\(a rule is KIND or KIND@FILE:LINE\\)\nexit status 2"
                   run --suppress oob.global.write@shift.cl ${cl_data}/shift.json)
file(WRITE ${cli_out}/accepted.supp
     "# findings this project accepts\n\nrace.local.read-write@race_lines.cl:6  # the flag\nuninit.read\n")
# Nothing but "exit status 0": the suppressed findings are not printed, and --quiet
# leaves out the producer-quirk note.
spvsim_cli_cl_test(run.suppress.file "^exit status 0\n$"
                   run --quiet --suppressions ${cli_out}/accepted.supp ${cl_data}/race_lines.json)
file(WRITE ${cli_out}/bad.supp "oob.global.write\n@shift.cl:4\n")
spvsim_cli_cl_test(run.suppress.bad_file
                   "bad\\.supp:2: '@shift\\.cl:4': no finding kind.*exit status 2"
                   run --suppressions ${cli_out}/bad.supp ${cl_data}/shift.json)
spvsim_cli_cl_test(run.error_exitcode "error\\[oob\\.global\\.write\\].*exit status 7\n$"
                   run --error-exitcode 7 ${cl_data}/shift.json)
spvsim_cli_cl_test(run.error_exitcode_clean "exit status 0\n$"
                   run --quiet --error-exitcode 7 ${cl_data}/group_sums.json)
# The report carries spvsim's version and how many findings were accepted.
add_test(NAME cli.run.report_version_and_suppressed
         COMMAND sh -c "export XDG_CACHE_HOME=\"$0\" SPVSIM_CACHE=; \"$1\" run --suppress oob.global.write --report \"$0/suppressed.report\" \"$2\" 2>/dev/null; cat \"$0/suppressed.report\""
                 ${cl_cache}/report_version $<TARGET_FILE:spvsim> ${cl_data}/shift.json)
set_tests_properties(cli.run.report_version_and_suppressed PROPERTIES PASS_REGULAR_EXPRESSION
  "\"findings\": \\[\\],.*\"suppressed\": 1,\n  \"version\": \"[0-9]+\\.[0-9]+\\.[0-9]+\"\n}")
# One summary line on a terminal (script(1) gives the run a pseudo-terminal), none when
# standard error is not one.
add_test(NAME cli.run.summary_on_a_terminal
         COMMAND script -qec "XDG_CACHE_HOME='${cl_cache}/summary' SPVSIM_CACHE= '$<TARGET_FILE:spvsim>' run --suppress uninit.read '${cl_data}/race_lines.json' >/dev/null; echo \"exit status $?\"" /dev/null)
set_tests_properties(cli.run.summary_on_a_terminal PROPERTIES PASS_REGULAR_EXPRESSION
  "\nspvsim: 1 launch, 1 finding \\(race\\.local\\.read-write 1\\), 1 suppressed, [1-9][0-9]* instructions, [0-9]+\\.[0-9][0-9] s\r?\nexit status 1")
spvsim_cli_cl_test(run.no_summary_off_a_terminal "exit status 1\n$"
                   run ${cl_data}/race_lines.json)
set_tests_properties(cli.run.no_summary_off_a_terminal PROPERTIES
  FAIL_REGULAR_EXPRESSION "spvsim: 1 launch")

# --report-format sarif: a SARIF 2.1.0 log whose structure check_sarif.py checks against
# what the schema requires; results carry the source location, a race the other access
# and an uninitialised value its origin as related locations. The kernel lies in a
# folder whose name needs percent-encoding in a URI.
add_test(NAME cli.run.report_sarif
         COMMAND sh -c "export XDG_CACHE_HOME=\"$0\" SPVSIM_CACHE=; mkdir -p \"$0/a dir#1\" && cp \"$2.json\" \"$2.cl\" \"$0/a dir#1/\" && \"$1\" run --quiet --report \"$0/race.sarif\" --report-format sarif \"$0/a dir#1/race_lines.json\" 2>/dev/null; echo \"exit status $?\"; python3 \"$3\" \"$0/race.sarif\""
                 ${cl_cache}/sarif $<TARGET_FILE:spvsim> ${cl_data}/race_lines
                 ${CMAKE_CURRENT_SOURCE_DIR}/check_sarif.py)
set_tests_properties(cli.run.report_sarif PROPERTIES PASS_REGULAR_EXPRESSION
  "exit status 1\nrace\\.local\\.read-write race_lines\\.cl:6:15 \\(1 related\\)\nuninit\\.read race_lines\\.cl:7:25 \\(1 related\\)\nvalid SARIF 2\\.1\\.0\n$")
spvsim_cli_cl_test(run.report_format_unknown "--report-format: .*exit status 2"
                   run --report-format xml ${cl_data}/shift.json)
