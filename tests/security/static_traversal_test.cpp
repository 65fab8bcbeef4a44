// An outsider asks the real server on 127.0.0.1 for files outside the web client: every target
// of traversal-corpus.txt is written raw on a plain TCP socket (so no client library normalises
// it) and must be "not found" (or refused by the HTTP parser), never show the secret file beside
// the static root, and leave the server answering /healthz.
#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cstdio>
#include <fstream>

#include "server_fixture.hpp"
#include "traversal_corpus.hpp"

namespace umpire::testing {
namespace {

struct RawReply {
    std::string raw;  // everything the server sent before closing
    bool answered() const { return raw.rfind("HTTP/1.", 0) == 0; }
    int status() const { return answered() ? std::stoi(raw.substr(9, 3)) : 0; }
    std::string head() const { return raw.substr(0, raw.find("\r\n\r\n") + 2); }
    std::string body() const {
        const auto end = raw.find("\r\n\r\n");
        return end == std::string::npos ? "" : raw.substr(end + 4);
    }
    // A header's value (names as the server writes them), "" when absent.
    std::string header(const std::string& name) const {
        const auto h = head();
        const auto at = h.find("\r\n" + name + ": ");
        if (at == std::string::npos) return "";
        const auto from = at + name.size() + 4;
        return h.substr(from, h.find("\r\n", from) - from);
    }
};

// Writes `request` byte for byte and reads until the server closes (or resets, as it does
// when it stops reading a request it refuses).
RawReply send_raw(int port, const std::string& request) {
    const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
    if (fd < 0) throw std::runtime_error("socket failed");
    sockaddr_in addr{};
    addr.sin_family = AF_INET;
    addr.sin_port = htons(static_cast<uint16_t>(port));
    ::inet_pton(AF_INET, "127.0.0.1", &addr.sin_addr);
    timeval timeout{10, 0};
    ::setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, sizeof timeout);
    ::setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &timeout, sizeof timeout);
    RawReply reply;
    if (::connect(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0) {
        ::close(fd);
        throw std::runtime_error("connect failed");
    }
    for (std::size_t sent = 0; sent < request.size();) {
        const auto n = ::send(fd, request.data() + sent, request.size() - sent, MSG_NOSIGNAL);
        if (n <= 0) break;  // the server stopped reading: see what it said
        sent += static_cast<std::size_t>(n);
    }
    char chunk[8192];
    for (;;) {
        const auto n = ::recv(fd, chunk, sizeof chunk, 0);
        if (n <= 0) break;
        reply.raw.append(chunk, static_cast<std::size_t>(n));
    }
    ::close(fd);
    return reply;
}

RawReply raw_get(int port, const std::string& target, const std::string& headers = "",
                 const std::string& method = "GET") {
    return send_raw(port, method + " " + target + " HTTP/1.1\r\nHost: 127.0.0.1\r\n" + headers +
                              "Connection: close\r\n\r\n");
}

// Whether HTTP/1.1 can carry the target at all: visible ASCII only, and within the server's
// 16 KiB header limit. Others the parser refuses, and the connection may close unanswered.
bool http_can_carry(const std::string& target) {
    for (const unsigned char c : target)
        if (c <= 0x20 || c >= 0x7f) return false;
    return target.size() < 15 * 1024;
}

std::string printable(const std::string& target) {
    std::string out;
    for (const unsigned char c : target.substr(0, 120)) {
        if (c > 0x20 && c < 0x7f) {
            out += static_cast<char>(c);
        } else {
            char hex[8];
            std::snprintf(hex, sizeof hex, "{%02x}", c);
            out += hex;
        }
    }
    return target.size() > 120 ? out + "... (" + std::to_string(target.size()) + " bytes)" : out;
}

void write_file(const fs::path& path, const std::string& bytes) {
    fs::create_directories(path.parent_path());
    std::ofstream(path, std::ios::binary) << bytes;
}

// The root the corpus describes: index.html, sub/page.html, rulesets/, three symlinks; beside
// it a secret, the database and a demo logins file holding the secret too.
class StaticTraversal : public ::testing::Test {
protected:
    StaticTraversal() {
        secret_ = "SECRET-" + std::to_string(std::random_device{}()) + "-never-served";
        const auto root = dir_.path / "www";
        write_file(root / "index.html", "<!doctype html><title>Umpire</title>INDEX-PAGE");
        write_file(root / "sub" / "page.html", "SUB-PAGE");
        write_file(root / "rulesets" / "dba-3.0.json", "{}");
        write_file(root / "app.js", big_script());
        write_file(dir_.path / "secret.txt", secret_);
        write_file(dir_.path / "demo.db.demo-logins.json", "[{\"password\":\"" + secret_ + "\"}]");
        write_file(dir_.path / "server.db.demo-logins.json", "[{\"password\":\"" + secret_ + "\"}]");
        fs::create_symlink(dir_.path / "secret.txt", root / "leak.txt");
        fs::create_symlink(root / "index.html", root / "inside.html");
        fs::create_symlink(dir_.path, root / "up");
        auto config = test_config(dir_);  // the database is dir_/server.db, beside the root
        config.static_dir = root.string();
        server_ = std::make_unique<RunningServer>(config);
    }

    static std::string big_script() {
        std::string s;
        for (int i = 0; i < 400; ++i) s += "export const v" + std::to_string(i) + " = f(" + std::to_string(i) + ");\n";
        return s;
    }

    // Nothing from outside the root, and no server path, in what the server sent.
    void expect_nothing_leaked(const RawReply& reply, const std::string& target) {
        EXPECT_EQ(reply.raw.find(secret_), std::string::npos) << printable(target);
        EXPECT_EQ(reply.raw.find("SQLite format 3"), std::string::npos) << printable(target);
        EXPECT_EQ(reply.raw.find(dir_.path.string()), std::string::npos) << printable(target);
        EXPECT_EQ(reply.raw.find("root:"), std::string::npos) << printable(target);
    }

    void expect_alive(const std::string& after) {
        const auto health = raw_get(server_->port(), "/healthz");
        ASSERT_EQ(health.status(), 200) << "after " << printable(after);
        EXPECT_EQ(health.body(), R"({"status":"ok"})");
    }

    TempDir dir_;
    std::string secret_;
    std::unique_ptr<RunningServer> server_;
};

TEST_F(StaticTraversal, EveryCorpusTargetIsNotFoundAndTheServerStaysUp) {
    const auto corpus = traversal_corpus();
    ASSERT_GE(corpus.size(), 40u);
    int refused_by_parser = 0;
    for (const auto& target : corpus) {
        const auto reply = raw_get(server_->port(), target);
        if (http_can_carry(target)) {
            EXPECT_EQ(reply.status(), 404) << printable(target) << "\n" << reply.head();
        } else {
            // The parser's refusals are answered (400, or 431 for a header past 16 KiB) and
            // the connection closed.
            const int status = reply.status();
            EXPECT_TRUE(status == 400 || status == 431 || status == 404)
                << printable(target) << "\n" << reply.head();
            refused_by_parser += (status == 400 || status == 431) ? 1 : 0;
        }
        if (reply.status() == 404) {  // the same short error, whatever was asked
            EXPECT_EQ(reply.header("Content-Type"), "application/json");
            EXPECT_EQ(reply.body(), R"({"messages":[{"code":"bad_message","message":"not found","type":"error"}]})");
        }
        expect_nothing_leaked(reply, target);
        expect_alive(target);
    }
    EXPECT_GT(refused_by_parser, 0);  // the corpus does reach the parser's own refusals
}

TEST_F(StaticTraversal, DirectoryRequestsAreNotFound) {
    for (const char* target : {"/sub", "/sub/", "/rulesets", "/rulesets/", "//tmp", "//tmp/", "/up",
                               "/up/", "//", "/.", "/./", "//proc/self", "/%2e"}) {
        const auto reply = raw_get(server_->port(), target);
        EXPECT_EQ(reply.status(), 404) << target;
        expect_nothing_leaked(reply, target);
        expect_alive(target);
    }
}

TEST_F(StaticTraversal, TheIndexedFilesAreServedWithCachingAndGzip) {
    const int port = server_->port();
    const auto index = raw_get(port, "/");
    ASSERT_EQ(index.status(), 200);
    EXPECT_EQ(index.body(), "<!doctype html><title>Umpire</title>INDEX-PAGE");
    EXPECT_EQ(index.header("Content-Type"), "text/html; charset=utf-8");
    EXPECT_EQ(index.header("Cache-Control"), "no-cache");
    EXPECT_EQ(index.header("X-Content-Type-Options"), "nosniff");
    const auto etag = index.header("ETag");
    ASSERT_FALSE(etag.empty());

    const auto again = raw_get(port, "/index.html", "If-None-Match: " + etag + "\r\n");
    EXPECT_EQ(again.status(), 304);
    EXPECT_EQ(again.body(), "");
    EXPECT_EQ(again.header("ETag"), etag);

    const auto zipped = raw_get(port, "/app.js", "Accept-Encoding: gzip, br\r\n");
    ASSERT_EQ(zipped.status(), 200);
    EXPECT_EQ(zipped.header("Content-Encoding"), "gzip");
    EXPECT_EQ(zipped.header("Vary"), "Accept-Encoding");
    EXPECT_EQ(zipped.body().substr(0, 2), "\x1f\x8b");  // the gzip magic
    EXPECT_EQ(std::to_string(zipped.body().size()), zipped.header("Content-Length"));
    EXPECT_LT(zipped.body().size(), big_script().size());

    const auto refused = raw_get(port, "/app.js", "Accept-Encoding: gzip;q=0\r\n");
    EXPECT_EQ(refused.header("Content-Encoding"), "");
    EXPECT_EQ(refused.body(), big_script());

    const auto head = raw_get(port, "/app.js", "", "HEAD");
    EXPECT_EQ(head.status(), 200);
    EXPECT_EQ(head.body(), "");
    EXPECT_EQ(head.header("Content-Length"), std::to_string(big_script().size()));

    const auto head_missing = raw_get(port, "//etc/passwd", "", "HEAD");  // headers only, even for errors
    EXPECT_EQ(head_missing.status(), 404);
    EXPECT_EQ(head_missing.body(), "");
    EXPECT_NE(head_missing.header("Content-Length"), "0");

    EXPECT_EQ(raw_get(port, "/sub/page.html").body(), "SUB-PAGE");
    EXPECT_EQ(raw_get(port, "/index.html", "", "DELETE").status(), 405);
}

TEST(StaticFilesStartUp, ABadStaticDirStopsTheServerBeforeTheDatabaseOpens) {
    TempDir dir;
    auto config = test_config(dir);
    config.static_dir = (dir.path / "no-such-dir").string();
    try {
        server::NetServer server(config);
        ADD_FAILURE() << "the server started";
    } catch (const std::exception& e) {
        EXPECT_NE(std::string(e.what()).find("static_dir"), std::string::npos) << e.what();
    }
    EXPECT_FALSE(fs::exists(config.database));
}

TEST(StaticFilesStartUp, WithoutAStaticDirOnlyThePlaceholderIsServed) {
    TempDir dir;
    RunningServer server(test_config(dir));
    const auto page = raw_get(server.port(), "/");
    EXPECT_EQ(page.status(), 200);
    EXPECT_NE(page.body().find("The web client is not installed here"), std::string::npos);
    EXPECT_EQ(raw_get(server.port(), "/index.html").body(), page.body());
    for (const char* target : {"/app.js", "//etc/passwd", "/server.db", "/../server.db"})
        EXPECT_EQ(raw_get(server.port(), target).status(), 404) << target;
}

}  // namespace
}  // namespace umpire::testing
