# set var on a variable whose value at -O2 is a constant the compiler shares between
# its uses is refused (at -O0 it lives in memory and is set); an expression that is
# no variable is refused at both.
break loops.cl:10
run
print a
set var a = 5
print a
set var a + 1 = 2
quit
