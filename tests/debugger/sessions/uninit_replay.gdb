# A replay restores the uninit check's record of written bytes: the scratch elements
# written after the first stop are unwritten again when reverse-continue goes back.
break uninit_replay.cl:8
break uninit_replay.cl:11
run
continue
continue
print scratch[1]
reverse-continue
print scratch[1]
continue
print old
continue
continue
quit
