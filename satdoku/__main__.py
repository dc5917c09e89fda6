from satdoku.cli import main

main()
