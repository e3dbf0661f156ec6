#include "cli/commands.h"

int main(int argc, char** argv) { return npuzzle::cli::run_app(argc, argv); }
