# spvsim debug --checks races: the race check runs under the debugger, and its finding
# stops the launch in the work-item that reads a neighbour's element without a barrier;
# last-write names the writer, and going back replays the launch with the check on.
run
print l
print tile[(l + 1) % 64]
last-write tile[(l + 1) % 64]
reverse-step
continue
continue
continue
quit
