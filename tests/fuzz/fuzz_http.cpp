// Fuzz target: raw bytes to the real server's HTTP port on 127.0.0.1 (Beast's parser, then the
// router: static files, the JSON API, health, metrics, the WebSocket upgrade), with the demo as
// campaign "raid" and a live token "tok-gm" so inputs reach the authenticated API. Never
// crashes; every answer is an HTTP/1.1 response and never a 500 (a 500 is a handler that threw:
// a bug); and after each input the server still answers /healthz.
// Input: the bytes of one connection, at most 64 KiB. The server is made once per process.
#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <spdlog/spdlog.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <stdexcept>
#include <string>
#include <thread>

#include "server/credentials.hpp"
#include "server/net_server.hpp"

namespace {

using namespace umpire;
namespace fs = std::filesystem;

constexpr std::size_t kMaxBytes = 64 * 1024;

class World {
public:
    World() {
        dir_ = fs::temp_directory_path() / ("umpire-fuzz-http-" + std::to_string(::getpid()));
        fs::remove_all(dir_);
        fs::create_directories(dir_ / "static");
        std::FILE* index = std::fopen((dir_ / "static" / "index.html").c_str(), "w");
        std::fputs("<!doctype html><title>fuzz</title>", index);
        std::fclose(index);
        server::ServerConfig c;
        c.bind = "127.0.0.1";
        c.port = 0;
        c.database = (dir_ / "fuzz.db").string();
        c.create_database = true;
        c.static_dir = (dir_ / "static").string();
        c.scenarios_dir = std::string(UMPIRE_SOURCE_DIR) + "/scenarios";
        c.ruleset_dirs = {std::string(UMPIRE_SOURCE_DIR) + "/rulesets"};
        c.password_cost = "min";
        c.metrics_token = "tok-metrics";
        c.limits.max_message_bytes = 8 * 1024;
        c.limits.http_timeout_seconds = 2;
        c.limits.tcp_connections_per_address = 1000;
        server_ = std::make_unique<server::NetServer>(c);
        auto& hub = server_->hub();
        auto& store = *hub.services().server;
        hub.create_account("gm", "pw-gm");
        hub.create_account("anna", "pw-anna");
        hub.create_campaign(c.scenarios_dir + "/valormr-demo.json", "raid", store.account_by_name("gm")->id);
        store.put_membership({store.account_by_name("anna")->id, "raid", "player", std::string("anna")});
        store.add_session(server::secret_hash("tok-gm"), store.account_by_name("gm")->id,
                          "2026-01-01T00:00:00.000Z", "2099-01-01T00:00:00.000Z");
        thread_ = std::thread([this] { server_->run(); });
    }
    ~World() {
        server_->stop();
        thread_.join();
        server_.reset();
        std::error_code ec;
        fs::remove_all(dir_, ec);
    }
    int port() const { return server_->port(); }

private:
    fs::path dir_;
    std::unique_ptr<server::NetServer> server_;
    std::thread thread_;
};

World& world() {
    static World w;
    return w;
}

// Sends `bytes` on a fresh connection, half-closes, and returns all the server wrote.
std::string exchange(int port, std::string_view bytes) {
    const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
    if (fd < 0) throw std::runtime_error("socket");
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_port = htons(static_cast<unsigned short>(port));
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (::connect(fd, reinterpret_cast<sockaddr*>(&a), sizeof a) != 0) {
        ::close(fd);
        throw std::runtime_error("the server does not accept connections");
    }
    for (std::size_t sent = 0; sent < bytes.size();) {
        const auto n = ::send(fd, bytes.data() + sent, bytes.size() - sent, MSG_NOSIGNAL);
        if (n <= 0) break;  // closed early: read what it said
        sent += static_cast<std::size_t>(n);
    }
    ::shutdown(fd, SHUT_WR);
    std::string out;
    char buffer[8192];
    for (;;) {
        pollfd p{fd, POLLIN, 0};
        if (::poll(&p, 1, 10000) != 1) {
            ::close(fd);
            throw std::runtime_error("the server neither answered nor closed in 10 s");
        }
        const auto n = ::recv(fd, buffer, sizeof buffer, 0);
        if (n <= 0) break;
        out.append(buffer, static_cast<std::size_t>(n));
    }
    ::close(fd);
    return out;
}

void check(int port, std::string_view input) {
    const std::string out = exchange(port, input);
    if (!out.empty() && out.rfind("HTTP/1.1 ", 0) != 0)
        throw std::logic_error("the server wrote something that is not an HTTP/1.1 response");
    if (out.find("HTTP/1.1 500") != std::string::npos)
        throw std::logic_error("a handler threw: " + out.substr(0, 300));
    const std::string health = exchange(port, "GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n");
    if (health.rfind("HTTP/1.1 200", 0) != 0) throw std::logic_error("the server stopped answering");
    if (std::getenv("UMPIRE_FUZZ_TRACE")) std::fprintf(stderr, "< %.300s\n", out.c_str());
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    static const bool quiet = [] {
        const char* level = std::getenv("UMPIRE_FUZZ_LOG");
        spdlog::set_level(level ? spdlog::level::from_str(level) : spdlog::level::off);
        return true;
    }();
    (void)quiet;
    if (size > kMaxBytes) return 0;
    check(world().port(), std::string_view(reinterpret_cast<const char*>(data), size));
    return 0;
}
