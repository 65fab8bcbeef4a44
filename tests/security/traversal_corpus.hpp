#pragma once
// Reads tests/security/traversal-corpus.txt: one raw request target a line, with the escapes
// {HH} (a byte) and {repeat N:TEXT} described at the top of that file.
#include <fstream>
#include <stdexcept>
#include <string>
#include <vector>

namespace umpire::testing {

inline std::string unescape_corpus_line(const std::string& line) {
    std::string out;
    for (std::size_t at = 0; at < line.size();) {
        if (line[at] != '{') {
            out += line[at++];
            continue;
        }
        const auto close = line.find('}', at);
        if (close == std::string::npos) throw std::runtime_error("corpus: unclosed '{' in " + line);
        const std::string inner = line.substr(at + 1, close - at - 1);
        if (inner.rfind("repeat ", 0) == 0) {
            const auto colon = inner.find(':');
            const int times = std::stoi(inner.substr(7, colon - 7));
            for (int i = 0; i < times; ++i) out += inner.substr(colon + 1);
        } else if (inner.size() == 2) {
            out += static_cast<char>(std::stoi(inner, nullptr, 16));
        } else {
            throw std::runtime_error("corpus: unknown escape {" + inner + "}");
        }
        at = close + 1;
    }
    return out;
}

// The corpus's targets, unescaped, in file order.
inline std::vector<std::string> traversal_corpus() {
    std::ifstream in(std::string(UMPIRE_SECURITY_DIR) + "/traversal-corpus.txt", std::ios::binary);
    if (!in) throw std::runtime_error("cannot read traversal-corpus.txt");
    std::vector<std::string> targets;
    for (std::string line; std::getline(in, line);) {
        if (line.empty() || line[0] == '#') continue;
        targets.push_back(unescape_corpus_line(line));
    }
    return targets;
}

}  // namespace umpire::testing
