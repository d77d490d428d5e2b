# Without -g: SPIR-V values by result id, from the registers the lowering keeps for
# a debugger launch (print %N, info registers); a source name says that names need
# -g; an id without a register is refused.
tbreak global_bounds
run
stepi
stepi
stepi
stepi
info registers
print %23
print %21
print %23 * 2 + 1
print i
print %1
print %99999999
print %
continue
print %32
print %34
info registers
quit
