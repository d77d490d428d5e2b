# _BitInt(N) values clang -O2 folds to constants or keeps in registers print from their N
# bits with their sign: b and c negative and positive _BitInt(37), u the largest 24-bit
# value, w[0] from its 64-bit and 32-bit fragments. (w[1]'s constant fragments are not
# yet shown.)
break bitint_folded.cl:10
run
info locals
print w[0]
quit
