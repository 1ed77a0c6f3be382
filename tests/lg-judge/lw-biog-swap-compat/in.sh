# the biographies of lw-biog-swap under --compat
sh ../lw-biog-swap/in.sh
