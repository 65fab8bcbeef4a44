#include "server/static_files.hpp"

#include <fcntl.h>
#include <sodium.h>
#include <sys/stat.h>
#include <unistd.h>

#include <spdlog/spdlog.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <system_error>

#include "server/config.hpp"
#include "server/gzip.hpp"
#include "server/http_negotiation.hpp"

namespace umpire::server {

namespace fs = std::filesystem;

namespace {

bool ends_with(std::string_view s, std::string_view suffix) {
    return s.size() >= suffix.size() && s.substr(s.size() - suffix.size()) == suffix;
}

// 16 bytes of BLAKE2b over the bytes, as quoted hex: short, and a new build gives a new tag.
std::string strong_etag(std::string_view bytes, std::string_view suffix) {
    static const bool ready = sodium_init() >= 0;
    if (!ready) throw std::runtime_error("libsodium failed to initialise");
    std::array<unsigned char, 16> hash{};
    crypto_generichash(hash.data(), hash.size(), reinterpret_cast<const unsigned char*>(bytes.data()),
                       bytes.size(), nullptr, 0);
    std::array<char, 2 * 16 + 1> hex{};
    sodium_bin2hex(hex.data(), hex.size(), hash.data(), hash.size());
    return "\"" + std::string(hex.data()) + std::string(suffix) + "\"";
}

std::string errno_text() { return std::error_code(errno, std::generic_category()).message(); }

// Reads a regular file without following a symlink (O_NOFOLLOW closes the gap between the
// walk's look at the entry and this open). Returns false, reading nothing, if it is no longer
// a regular file; throws if it cannot be read or holds more than `room` bytes (what is left of
// the `limit` on all files).
bool read_regular_file(const fs::path& path, std::uint64_t room, std::uint64_t limit,
                       std::string& bytes, const std::string& where) {
    const int fd = ::open(path.c_str(), O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0) {
        if (errno == ELOOP) return false;  // became a symlink
        throw StaticFilesError(where + ": cannot read " + path.string() + ": " + errno_text());
    }
    struct Closer {
        int fd;
        ~Closer() { ::close(fd); }
    } closer{fd};
    struct stat st {};
    if (::fstat(fd, &st) != 0)
        throw StaticFilesError(where + ": cannot read " + path.string() + ": " + errno_text());
    if (!S_ISREG(st.st_mode)) return false;
    bytes.clear();
    std::array<char, 64 * 1024> chunk{};
    for (;;) {
        const auto n = ::read(fd, chunk.data(), chunk.size());
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) throw StaticFilesError(where + ": cannot read " + path.string() + ": " + errno_text());
        if (n == 0) return true;
        bytes.append(chunk.data(), static_cast<std::size_t>(n));
        if (bytes.size() > room) throw StaticFilesError(where + ": more than the " +
                                                        std::to_string(limit) +
                                                        " bytes limits.static_max_bytes allows");
    }
}

}  // namespace

std::string_view StaticResponse::header(std::string_view name) const {
    for (const auto& [key, value] : headers)
        if (key == name) return value;
    return {};
}

std::string content_type_for(std::string_view file_name) {
    const auto dot = file_name.rfind('.');
    const auto ext = dot == std::string_view::npos ? std::string_view{} : file_name.substr(dot);
    if (ext == ".html") return "text/html; charset=utf-8";
    if (ext == ".js" || ext == ".mjs") return "text/javascript; charset=utf-8";
    if (ext == ".css") return "text/css; charset=utf-8";
    if (ext == ".json" || ext == ".map") return "application/json";
    if (ext == ".svg") return "image/svg+xml";
    if (ext == ".png") return "image/png";
    if (ext == ".ico") return "image/x-icon";
    if (ext == ".wasm") return "application/wasm";
    if (ext == ".txt") return "text/plain; charset=utf-8";
    if (ext == ".woff2") return "font/woff2";
    return "application/octet-stream";
}

std::string url_path_for(const std::vector<std::string>& segments) {
    static constexpr char kHex[] = "0123456789ABCDEF";
    // What a browser percent-encodes in a path (the WHATWG path set), plus '%' and '\' so that
    // every name has one spelling.
    auto encoded = [](unsigned char c) {
        return c <= 0x20 || c >= 0x7f || std::string_view("\"#%<>?\\^`{}").find(static_cast<char>(c)) !=
                                               std::string_view::npos;
    };
    std::string out;
    for (const auto& segment : segments) {
        out += '/';
        for (const unsigned char c : segment) {
            if (!encoded(c)) {
                out += static_cast<char>(c);
            } else {
                out += '%';
                out += kHex[c >> 4];
                out += kHex[c & 15];
            }
        }
    }
    return out.empty() ? "/" : out;
}

void StaticFiles::add(std::string url_path, const std::string& file_name, std::string bytes) {
    StaticFile file;
    file.content_type = content_type_for(file_name);
    file.etag = strong_etag(bytes, "");
    // Clients not asking for gzip still get the file as it is, so gzip only when it pays.
    if (auto gzip = gzip_compress(bytes); gzip.size() < bytes.size()) {
        file.gzip = std::move(gzip);
        file.gzip_etag = strong_etag(bytes, "-gzip");
    }
    // The build names files without content hashes (web-client/build.mjs), so every file is
    // revalidated: a new build is picked up at once, an unchanged file costs a 304.
    file.cache_control = "no-cache";
    file.bytes = std::move(bytes);
    files_[std::move(url_path)] = std::move(file);
}

StaticFiles StaticFiles::from_directory(const fs::path& root, const Options& options) {
    const std::string where = "static_dir \"" + root.string() + "\"";
    std::error_code ec;
    if (!fs::is_directory(root, ec))  // follows a symlinked root: the operator chose it
        throw StaticFilesError(where + ": not a directory" + (ec ? " (" + ec.message() + ")" : ""));
    StaticFiles index;
    std::uint64_t total = 0;
    fs::recursive_directory_iterator it(root, fs::directory_options::none, ec);
    for (; !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
        const fs::directory_entry& entry = *it;
        const auto relative = entry.path().lexically_relative(root);
        const auto name = entry.path().filename().string();
        const auto type = entry.symlink_status(ec).type();
        if (ec) break;
        if (name.starts_with('.')) {  // .git, .env, editor files: never meant for the public
            if (type == fs::file_type::directory) it.disable_recursion_pending();
            continue;
        }
        if (type == fs::file_type::symlink) {
            spdlog::warn("{}: not serving the symlink {}", where, relative.string());
            continue;
        }
        if (type != fs::file_type::regular) continue;  // directories are walked; specials skipped
        if (!options.serve_source_maps && ends_with(name, ".map")) continue;
        if (index.files_.size() >= options.max_files)
            throw StaticFilesError(where + ": more than the " + std::to_string(options.max_files) +
                                   " files limits.static_max_files allows");
        std::string bytes;
        if (!read_regular_file(entry.path(), options.max_total_bytes - total,
                               options.max_total_bytes, bytes, where))
            continue;
        total += bytes.size();
        std::vector<std::string> segments;
        for (const auto& part : relative) segments.push_back(part.string());
        index.add(url_path_for(segments), name, std::move(bytes));
    }
    if (ec) throw StaticFilesError(where + ": " + ec.message());
    return index;
}

StaticFiles StaticFiles::placeholder(std::string_view html) {
    StaticFiles index;
    index.add("/index.html", "index.html", std::string(html));
    return index;
}

StaticFiles load_static_files(const ServerConfig& config, std::string_view placeholder_html) {
    if (config.static_dir.empty()) return StaticFiles::placeholder(placeholder_html);
    auto index = StaticFiles::from_directory(
        config.static_dir, {config.serve_source_maps, config.limits.static_max_files,
                            config.limits.static_max_bytes});
    spdlog::info("serving {} static files from {}{}", index.size(), config.static_dir,
                 config.serve_source_maps ? " (with source maps)" : "");
    return index;
}

std::vector<std::string> StaticFiles::paths() const {
    std::vector<std::string> out;
    for (const auto& [path, file] : files_) out.push_back(path);
    return out;
}

const StaticFile* StaticFiles::find(std::string_view target) const {
    auto path = target.substr(0, target.find('?'));
    if (path == "/") path = "/index.html";
    const auto it = files_.find(path);
    return it == files_.end() ? nullptr : &it->second;
}

const std::vector<std::pair<std::string, std::string>>& web_client_security_headers() {
    // The built client is one module script, one stylesheet and a data: favicon; it speaks only
    // to its own origin (the API and /ws: CSP's 'self' covers same-origin ws: and wss:). No
    // page may frame it (clickjacking), and no address leaks in a Referer.
    static const std::vector<std::pair<std::string, std::string>> headers{
        {"Content-Security-Policy",
         "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
         "connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; "
         "frame-ancestors 'none'"},
        {"X-Frame-Options", "DENY"},
        {"Referrer-Policy", "no-referrer"},
        {"X-Content-Type-Options", "nosniff"},
    };
    return headers;
}

StaticResponse StaticFiles::answer(std::string_view target, std::string_view method,
                                   std::string_view if_none_match,
                                   std::string_view accept_encoding) const {
    StaticResponse res;
    if (method != "GET" && method != "HEAD") {
        res.status = 405;
        res.headers = {{"Allow", "GET, HEAD"}};
        return res;
    }
    const StaticFile* file = find(target);
    if (!file) return res;  // 404
    const bool gzip = !file->gzip.empty() && accepts_gzip(accept_encoding);
    const std::string& etag = gzip ? file->gzip_etag : file->etag;
    const std::string& body = gzip ? file->gzip : file->bytes;
    res.headers = web_client_security_headers();
    res.headers.emplace_back("ETag", etag);
    res.headers.emplace_back("Cache-Control", file->cache_control);
    if (!file->gzip.empty()) res.headers.emplace_back("Vary", "Accept-Encoding");
    // Compared with the representation chosen now, so a cached gzip copy is never confirmed
    // to a client that cannot decode it.
    if (none_match_hits(if_none_match, etag)) {
        res.status = 304;
        return res;
    }
    res.status = 200;
    res.headers.emplace_back("Content-Type", file->content_type);
    if (gzip) res.headers.emplace_back("Content-Encoding", "gzip");
    res.content_length = body.size();
    if (method == "GET") res.body = body;
    return res;
}

}  // namespace umpire::server
