# the answers of lw-nw-spans under --compat
sh ../lw-nw-spans/in.sh
