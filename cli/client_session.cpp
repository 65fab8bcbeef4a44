#include "cli/client_session.hpp"

#include <sys/stat.h>

#include <cstdlib>
#include <fstream>
#include <iostream>

#include "cli/commands.hpp"
#include "server/http_client.hpp"

namespace umpire::cli {

using rules::Json;

std::string default_session_file() {
    const char* home = std::getenv("HOME");
    return std::string(home ? home : ".") + "/.umpire-session.json";
}

ClientSession load_session(const std::string& file) {
    std::ifstream in(file);
    const Json doc = in ? Json::parse(in, nullptr, false) : Json();
    if (!doc.is_object() || !doc.contains("token"))
        throw CLI::RuntimeError("no session in " + file + ": run `umpire client login` first",
                                kExitInvalidInput);
    return {doc.value("server", ""), doc.value("token", ""), doc.value("account", "")};
}

void save_session(const std::string& file, const ClientSession& session) {
    {
        std::ofstream out(file, std::ios::trunc);
        out << Json{{"server", session.server},
                    {"token", session.token},
                    {"account", session.account}}
                   .dump()
            << "\n";
    }
    ::chmod(file.c_str(), 0600);
}

Json call(const std::string& server, const Json& message, const std::string& token) {
    std::map<std::string, std::string> headers;
    if (!token.empty()) headers["Authorization"] = "Bearer " + token;
    const auto r =
        server::http_request("POST", server + "/api/v1/messages", message.dump(), headers);
    if (r.status == 0)
        throw CLI::RuntimeError("cannot reach " + server + ": " + r.error, kExitRefused);
    const Json body = Json::parse(r.body, nullptr, false);
    if (!body.is_object() || !body.contains("messages"))
        throw CLI::RuntimeError(
            "unexpected answer from " + server + " (HTTP " + std::to_string(r.status) + ")",
            kExitRefused);
    for (const auto& m : body["messages"])
        if (m.value("type", "") == "error") {
            std::cerr << "umpire: " << m.value("code", "") << ": " << m.value("message", "")
                      << (m.contains("path") ? " (" + m["path"].get<std::string>() + ")" : "")
                      << "\n";
            throw CLI::RuntimeError(kExitRefused);
        }
    return body["messages"];
}

Json first_of(const Json& messages, const std::string& type) {
    for (const auto& m : messages)
        if (m.value("type", "") == type) return m;
    throw CLI::RuntimeError("the server sent no " + type, kExitRefused);
}

std::string read_password(const std::string& flag, const std::string& file,
                          const std::string& what) {
    std::string password = flag;
    if (!file.empty()) {
        std::ifstream in(file);
        if (!in) throw CLI::RuntimeError("cannot read " + file, kExitInvalidInput);
        std::getline(in, password);
    }
    if (password.empty())
        throw CLI::RuntimeError("give " + what + " or " + what + "-file", kExitInvalidInput);
    return password;
}

}  // namespace umpire::cli
