# spvsim init's run files for kernels sized by more than their work-items, and the
# examples of docs/run-files.md.
# spvsim init on kernels whose buffer sizes depend on more than the work-item count: the
# run file it writes runs clean as written and with another size given by --set, since
# the global size, the buffer counts and size-like scalars all follow one variable.
# matmul: N×N matrices and n; matmul_tiled: a 16×16 __local tile sets local_size;
# bitonic: the stage j must stay below N; bits: eight outputs per work-item;
# misaligned_fixed: four bytes per work-item and one more.
# Each test writes the file, shows it, runs it as written and with --set N=32.
function(spvsim_init_sized_test kernel expected_text)
  get_filename_component(name ${kernel} NAME)
  add_test(NAME cli.init.sized.${name}
           COMMAND sh -c "export XDG_CACHE_HOME=\"$0\" SPVSIM_CACHE=; \"$1\" init --force -o \"$2\" \"$3\" 2>/dev/null && cat \"$2\" && \"$1\" run --quiet \"$2\" && \"$1\" run --quiet --set N=32 \"$2\"; echo \"exit status $?\""
                   ${cl_cache}/init $<TARGET_FILE:spvsim> ${init_out}/sized.${name}.json
                   ${PROJECT_SOURCE_DIR}/${kernel}.cl)
  set_tests_properties(cli.init.sized.${name} PROPERTIES
    PASS_REGULAR_EXPRESSION "${expected_text}.*\nexit status 0\n$" FAIL_REGULAR_EXPRESSION "error\\[")
endfunction()
spvsim_init_sized_test(bench/matmul
  "\"vars\": {\"N\": 64},\n.*\"global_size\": \\[\"N\", \"N\"\\],\n")
spvsim_init_sized_test(bench/matmul_tiled
  "// +vars: N = 64 in each dimension [^\n]*local_size[^\n]*N\\*N elements, n = N;.*\"vars\": {\"N\": 64},\n.*\"global_size\": \\[\"N\", \"N\"\\],\n  \"local_size\": \\[16, 16\\],\n.*\"A\": {\"type\": \"float\", \"count\": \"N\\*N\".*{\"scalar\": \"uint\", \"value\": \"N\"}")
spvsim_init_sized_test(bench/bitonic
  "// +j \\(uint\\) = 1; [^\n]*\n// +k \\(uint\\) = N: a size.*{\"scalar\": \"uint\", \"value\": 1},\n    {\"scalar\": \"uint\", \"value\": \"N\"}\n")
spvsim_init_sized_test(tests/kernels/features/bits
  "// +out: 8\\*N elements, 8 per work-item: a trial run [^\n]*\n.*\"out\": {\"type\": \"uint\", \"count\": \"8\\*N\".*\"out8\": {\"type\": \"uchar\", \"count\": \"4\\*N\"")
# bytes[4 * i + 1 .. 4 * i + 4]: grown to 4*N by the many warps past N, then to 8*N by
# the last work-item still past 4*N (an overrun by one work-item alone is reported).
spvsim_init_sized_test(tests/kernels/bugs/misaligned_fixed
  "\"bytes\": {\"type\": \"uchar\", \"count\": \"8\\*N\"")

# docs/run-files.md as a user follows it: every example on the page runs clean as
# written (fragments inside the smallest run file that gives them what they name).
add_test(NAME cli.docs.run_file_examples
         COMMAND sh -c "XDG_CACHE_HOME=\"$0\" SPVSIM_CACHE= python3 \"$@\""
                 ${cl_cache}/doc_examples ${CMAKE_CURRENT_SOURCE_DIR}/run_file_doc_examples.py
                 $<TARGET_FILE:spvsim> ${PROJECT_SOURCE_DIR}/docs/run-files.md
                 ${PROJECT_SOURCE_DIR}/examples/vecadd/vecadd.cl
                 ${CMAKE_CURRENT_BINARY_DIR}/doc_examples)
set_tests_properties(cli.docs.run_file_examples PROPERTIES
  PASS_REGULAR_EXPRESSION "\nall [0-9]+ examples ran clean\n$")

# The trial run that sizes a module's buffers prints nothing: printf output appears once.
add_test(NAME cli.run.cl.printf_once
         COMMAND sh -c "XDG_CACHE_HOME=\"$0\" SPVSIM_CACHE= \"$1\" run --quiet --global 4 \"$2\" 2>/dev/null; echo \"exit status $?\""
                 ${cl_cache}/printf_once $<TARGET_FILE:spvsim> ${cl_data}/printf_twice.cl)
set_tests_properties(cli.run.cl.printf_once PROPERTIES
  PASS_REGULAR_EXPRESSION "^line 0\nline 1\nexit status 0\n$")

# Image sizes follow the variables too: width and height are "NX" and "NY".
add_test(NAME cli.init.sized.image
         COMMAND sh -c "export XDG_CACHE_HOME=\"$0\" SPVSIM_CACHE=; \"$1\" init --force -o \"$2\" --kernel invert --global 4 3 \"$3\" 2>/dev/null && grep '\"src\"' \"$2\" && \"$1\" run --set NX=2 \"$2\"; echo \"exit status $?\""
                 ${cl_cache}/init $<TARGET_FILE:spvsim> ${init_out}/sized.image.json
                 ${cl_data}/images.cl)
set_tests_properties(cli.init.sized.image PROPERTIES PASS_REGULAR_EXPRESSION
  "\"width\": \"NX\", \"height\": \"NY\".*dst: image2d_t\\[2, 3\\] .*exit status 0\n$")

# Size scalars whose names give their dimension follow its variable: a blur's width is NX
# and its height NY (not both the smaller size).
add_test(NAME cli.init.sized.per_dimension
         COMMAND sh -c "export XDG_CACHE_HOME=\"$0\" SPVSIM_CACHE=; \"$1\" init --force -o \"$2\" --kernel blur_buffer --global 8 4 \"$3\" 2>/dev/null && grep -e '^//   vars' -e '\"scalar\"' \"$2\""
                 ${cl_cache}/init $<TARGET_FILE:spvsim> ${init_out}/sized.per_dimension.json
                 ${PROJECT_SOURCE_DIR}/bench/blur.cl)
set_tests_properties(cli.init.sized.per_dimension PROPERTIES PASS_REGULAR_EXPRESSION
  "width = NX, height = NY;.*\"value\": \"NX\"}.*\"value\": \"NY\"}")

# A size of 0 is refused with what a size is (before, CLI11's "not in range 0 to 1.8e308").
add_test(NAME cli.sizes.zero_refused
         COMMAND sh -c "\"$0\" init --global 8 0 \"$1\" -o /dev/null; \"$0\" run --local x \"$1\"; echo \"exit status $?\""
                 $<TARGET_FILE:spvsim> ${PROJECT_SOURCE_DIR}/bench/blur.cl)
set_tests_properties(cli.sizes.zero_refused PROPERTIES PASS_REGULAR_EXPRESSION
  "--global: a size of 0 work-items: each dimension has at least 1\n.*--local: 'x' is not a size: a whole number of work-items, at least 1\n.*exit status [1-9]")

# OpenCL C builds with what the device has defined, as through the runtime: the image
# kernels of tests/kernels need cl_khr_depth_images (2D depth images) and 3D image writes.
add_test(NAME cli.init.device_extensions
         COMMAND sh -c "export XDG_CACHE_HOME=\"$0\" SPVSIM_CACHE=; for k in depth_copy write_3d; do \"$1\" init --force -o \"$2.$k.json\" --kernel $k --global 4 \"$3\" 2>/dev/null && \"$1\" run --quiet \"$2.$k.json\" && echo \"$k ran\"; done; echo \"exit status $?\""
                 ${cl_cache}/init $<TARGET_FILE:spvsim> ${init_out}/device_extensions
                 ${PROJECT_SOURCE_DIR}/tests/kernels/images/images.cl)
set_tests_properties(cli.init.device_extensions PROPERTIES
  PASS_REGULAR_EXPRESSION "depth_copy ran\n.*write_3d ran\nexit status 0\n$" FAIL_REGULAR_EXPRESSION "error")

# Sizes before the module, with options after it: the module stays the module (CLI11
# alone took it as one more size).
add_test(NAME cli.init.sizes_before_module
         COMMAND sh -c "export XDG_CACHE_HOME=\"$0\" SPVSIM_CACHE=; \"$1\" init --global 8 --local 4 \"$3\" --force -o \"$2\" 2>/dev/null && grep -E '\"(N|local_size)\"' \"$2\" && \"$1\" run --global 8 --local 4 \"$3\" --kernel saxpy; echo \"exit status $?\""
                 ${cl_cache}/init $<TARGET_FILE:spvsim> ${init_out}/sizes_before_module.json
                 ${PROJECT_SOURCE_DIR}/examples/saxpy/saxpy.cl)
set_tests_properties(cli.init.sizes_before_module PROPERTIES
  PASS_REGULAR_EXPRESSION "\"vars\": {\"N\": 8},\n.*\"local_size\": \\[4\\],\n.*y: float\\[8\\]\n.*exit status 0\n$")
