#pragma once
// The web client's static files: a fixed set read once at start-up from `static_dir`, served by
// exact match of the request target. No part of a request path ever reaches the filesystem, so
// traversal in any spelling (`//etc/passwd`, `/../x`, `%2e%2e`, backslashes, NUL, directories)
// is simply "not found". No Beast here: net_server.cpp turns a StaticResponse into HTTP.
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <map>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace umpire::server {

struct ServerConfig;

// One file of the index: its bytes, a gzip copy when that is smaller, and its headers' values.
struct StaticFile {
    std::string bytes;
    std::string gzip;           // gzip (level 9) of `bytes`; empty when it would not be smaller
    std::string content_type;   // from the file's extension
    std::string etag;           // strong, quoted: a hash of `bytes`
    std::string gzip_etag;      // the gzip copy's own strong tag (another representation)
    std::string cache_control;  // "no-cache": revalidate with the ETag, so new builds show at once
};

// What to answer, without Beast. `body` points into the StaticFiles (or is empty) and lives as
// long as it does; `content_length` is the length of the representation, also for HEAD.
struct StaticResponse {
    int status = 404;
    std::vector<std::pair<std::string, std::string>> headers;  // in the order to send
    std::string_view body;
    std::size_t content_length = 0;

    // The value of header `name` (exact case, as set here), or "" when absent.
    std::string_view header(std::string_view name) const;
};

// A static directory the server cannot index: the message names the `static_dir` setting.
struct StaticFilesError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

// What every page and file of the web client is sent with (docs/security.md, "The web client's
// pages"): Content-Security-Policy (this origin only, no inline script or style, never framed),
// X-Frame-Options DENY, Referrer-Policy no-referrer, X-Content-Type-Options nosniff.
const std::vector<std::pair<std::string, std::string>>& web_client_security_headers();

class StaticFiles {
public:
    struct Options {
        bool serve_source_maps = false;              // index `.map` files too
        std::size_t max_files = 4096;                // past this: StaticFilesError
        std::uint64_t max_total_bytes = 64ull << 20; // sum of file sizes; past this: StaticFilesError
    };

    // Every regular file under `root`, walked recursively. Symlinks under the root are not
    // followed and not served (even ones pointing inside); FIFOs, sockets and devices are
    // skipped, as are hidden names (a leading '.') such as `.git` or `.env`. The root itself
    // may be a symlink. Throws StaticFilesError on a missing or unreadable root or file, or when
    // a bound is passed.
    static StaticFiles from_directory(const std::filesystem::path& root, const Options& options);
    // Only "/index.html" (and so "/"), with this page: the server without a web client.
    static StaticFiles placeholder(std::string_view html);

    // The entry for a raw request target (never decoded): the query string is dropped, "/" is
    // "/index.html", then an exact, case-sensitive match of the URL path or nullptr.
    const StaticFile* find(std::string_view target) const;

    // The whole answer to `method target` with the request's If-None-Match and Accept-Encoding
    // values ("" when absent): 200 (body empty for HEAD), 304, 404, or 405 for methods other
    // than GET and HEAD. 404 and 405 carry no body here; the server words its own error.
    // 200 and 304 carry web_client_security_headers().
    StaticResponse answer(std::string_view target, std::string_view method,
                          std::string_view if_none_match, std::string_view accept_encoding) const;

    std::size_t size() const { return files_.size(); }
    std::vector<std::string> paths() const;  // the URL paths served, sorted

private:
    void add(std::string url_path, const std::string& file_name, std::string bytes);

    std::map<std::string, StaticFile, std::less<>> files_;
};

// The StaticFiles the server runs with: from config.static_dir with config's limits and
// source-map flag, or the placeholder page when static_dir is empty.
StaticFiles load_static_files(const ServerConfig& config, std::string_view placeholder_html);

// The Content-Type for a file name, by its extension ("application/octet-stream" if unknown).
std::string content_type_for(std::string_view file_name);

// The URL path of a file's relative path (segments as on disk): "/" + segments joined by "/",
// each byte outside unreserved characters, sub-delims, ':' and '@' percent-encoded with upper
// hex, as a browser would send it.
std::string url_path_for(const std::vector<std::string>& segments);

}  // namespace umpire::server
