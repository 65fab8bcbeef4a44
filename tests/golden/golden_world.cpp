// Writes the generated world of bench/generated_world.hpp as files `umpire resolve` reads:
//   golden_world FORCES DIR   ->   DIR/scenario.json, DIR/orders.json (umpire-orders/1)
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <string>

#include "generated_world.hpp"

int main(int argc, char** argv) {
    if (argc != 3) {
        std::cerr << "usage: golden_world FORCES DIR\n";
        return 2;
    }
    const int forces = std::atoi(argv[1]);
    if (forces < 2) {
        std::cerr << "golden_world: FORCES must be a number of at least 2\n";
        return 2;
    }
    const auto world = umpire::bench::generate_world(forces);
    const nlohmann::json orders = {
        {"format", "umpire-orders/1"},
        {"periods", {{{"day", 1}, {"period", "day"}, {"orders", world.orders}}}}};
    const std::string dir = argv[2];
    for (const auto& [name, doc] :
         {std::pair{"/scenario.json", &world.scenario}, std::pair{"/orders.json", &orders}}) {
        std::ofstream out(dir + name);
        out << doc->dump() << "\n";
        if (!out) {
            std::cerr << "golden_world: cannot write " << dir << name << "\n";
            return 1;
        }
    }
    return 0;
}
