// StaticFiles over a real temporary directory: what the index holds and leaves out (symlinks,
// special files, hidden names, source maps), its bounds, and the answers it gives (gzip, ETag
// and 304, HEAD, 405, Accept-Encoding), without a server.
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <zlib.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <regex>
#include <functional>
#include <random>

#include "server/http_negotiation.hpp"
#include "server/static_files.hpp"
#include "traversal_corpus.hpp"

namespace umpire::server {
namespace {

namespace fs = std::filesystem;

struct Scratch {
    fs::path path;
    Scratch() {
        std::random_device rd;
        path = fs::temp_directory_path() / ("umpire-static-" + std::to_string(rd()) + std::to_string(rd()));
        fs::create_directories(path / "www");
    }
    ~Scratch() {
        std::error_code ec;
        fs::remove_all(path, ec);
    }
    fs::path root() const { return path / "www"; }
    void write(const fs::path& relative, const std::string& bytes) const {
        fs::create_directories((path / relative).parent_path());
        std::ofstream(path / relative, std::ios::binary) << bytes;
    }
};

std::string gunzip(const std::string& gz) {
    z_stream z{};
    EXPECT_EQ(inflateInit2(&z, 15 + 16), Z_OK);  // gzip wrapper only
    std::string out;
    z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(gz.data()));
    z.avail_in = static_cast<uInt>(gz.size());
    int result = Z_OK;
    while (result == Z_OK) {
        char chunk[4096];
        z.next_out = reinterpret_cast<Bytef*>(chunk);
        z.avail_out = sizeof chunk;
        result = inflate(&z, Z_NO_FLUSH);
        out.append(chunk, sizeof chunk - z.avail_out);
    }
    inflateEnd(&z);
    EXPECT_EQ(result, Z_STREAM_END);
    return out;
}

// Compressible, like a bundled script.
std::string script(int lines) {
    std::string s;
    for (int i = 0; i < lines; ++i) s += "export const value" + std::to_string(i) + " = compute(" + std::to_string(i) + ");\n";
    return s;
}

StaticResponse get(const StaticFiles& files, std::string_view target, std::string_view accept = "",
                   std::string_view if_none_match = "") {
    return files.answer(target, "GET", if_none_match, accept);
}

TEST(StaticFiles, IndexesEveryRegularFileByItsUrlPath) {
    Scratch s;
    s.write("www/index.html", "<!doctype html><title>x</title>");
    s.write("www/app.js", script(10));
    s.write("www/style.css", "body{}");
    s.write("www/rulesets/dba-3.0.json", "{}");
    s.write("www/sub/deep/page.html", "deep");
    s.write("www/my file%.txt", "odd name");
    s.write("www/.env", "SECRET=1");
    s.write("www/.git/config", "[core]");
    s.write("outside.txt", "outside");
    const auto files = StaticFiles::from_directory(s.root(), {});
    EXPECT_EQ(files.paths(), (std::vector<std::string>{"/app.js", "/index.html", "/my%20file%25.txt",
                                                       "/rulesets/dba-3.0.json", "/style.css",
                                                       "/sub/deep/page.html"}));
    EXPECT_EQ(get(files, "/").body, "<!doctype html><title>x</title>");
    EXPECT_EQ(get(files, "/index.html?v=2").body, "<!doctype html><title>x</title>");
    EXPECT_EQ(get(files, "/my%20file%25.txt").body, "odd name");
    EXPECT_EQ(get(files, "/sub/deep/page.html").header("Content-Type"), "text/html; charset=utf-8");
    EXPECT_EQ(get(files, "/app.js").header("Content-Type"), "text/javascript; charset=utf-8");
    EXPECT_EQ(get(files, "/style.css").header("Content-Type"), "text/css; charset=utf-8");
    EXPECT_EQ(get(files, "/rulesets/dba-3.0.json").header("Content-Type"), "application/json");
    EXPECT_EQ(get(files, "/app.js").header("X-Content-Type-Options"), "nosniff");
    EXPECT_EQ(get(files, "/app.js").header("Cache-Control"), "no-cache");
    EXPECT_EQ(get(files, "/").header("Cache-Control"), "no-cache");
    for (const char* missing : {"/.env", "/.git/config", "/sub", "/sub/", "/sub/deep", "/rulesets",
                                "/INDEX.HTML", "/index.html/", "//index.html", "/./index.html",
                                "index.html", "", "/my file%.txt", "/outside.txt", "/../outside.txt"})
        EXPECT_EQ(get(files, missing).status, 404) << missing;
}

TEST(StaticFiles, SymlinksAreNeverServedWhereverTheyPoint) {
    Scratch s;
    s.write("www/index.html", "index");
    s.write("www/sub/page.html", "page");
    s.write("secret.txt", "the secret");
    fs::create_symlink(s.path / "secret.txt", s.root() / "leak.txt");     // to a file outside
    fs::create_symlink(s.root() / "index.html", s.root() / "inside.html"); // to a file inside
    fs::create_symlink(s.path, s.root() / "up");                           // to a directory outside
    fs::create_symlink(s.root() / "sub", s.root() / "alias");              // to a directory inside
    const auto files = StaticFiles::from_directory(s.root(), {});
    EXPECT_EQ(files.paths(), (std::vector<std::string>{"/index.html", "/sub/page.html"}));
    for (const char* target : {"/leak.txt", "/inside.html", "/up/secret.txt", "/up/www/index.html",
                               "/alias/page.html", "/up", "/alias"})
        EXPECT_EQ(get(files, target).status, 404) << target;
}

TEST(StaticFiles, TheRootMayItselfBeASymlink) {
    Scratch s;
    s.write("www/index.html", "index");
    fs::create_symlink(s.root(), s.path / "current");
    EXPECT_EQ(StaticFiles::from_directory(s.path / "current", {}).paths(),
              std::vector<std::string>{"/index.html"});
}

TEST(StaticFiles, SpecialFilesAreSkippedWithoutBlocking) {
    Scratch s;
    s.write("www/index.html", "index");
    ASSERT_EQ(::mkfifo((s.root() / "pipe").c_str(), 0600), 0);  // opening it to read would block
    EXPECT_EQ(StaticFiles::from_directory(s.root(), {}).paths(), std::vector<std::string>{"/index.html"});
}

void expect_error(const std::function<void()>& build, const std::vector<std::string>& words) {
    try {
        build();
        ADD_FAILURE() << "no StaticFilesError";
    } catch (const StaticFilesError& e) {
        for (const auto& word : words) EXPECT_NE(std::string(e.what()).find(word), std::string::npos) << e.what();
    }
}

TEST(StaticFiles, ABadRootOrAPassedBoundIsAStartUpErrorNamingTheSetting) {
    Scratch s;
    s.write("www/a.js", "a");
    s.write("www/b.js", "b");
    s.write("www/c.js", std::string(1000, 'c'));
    expect_error([&] { StaticFiles::from_directory(s.path / "missing", {}); }, {"static_dir", "not a directory"});
    expect_error([&] { StaticFiles::from_directory(s.root() / "a.js", {}); }, {"static_dir", "not a directory"});
    expect_error([&] { StaticFiles::from_directory(s.root(), {false, 2, 1 << 20}); },
                 {"static_dir", "limits.static_max_files", "2"});
    expect_error([&] { StaticFiles::from_directory(s.root(), {false, 100, 500}); },
                 {"static_dir", "limits.static_max_bytes", "500"});
    EXPECT_EQ(StaticFiles::from_directory(s.root(), {false, 3, 1002}).size(), 3u);  // exactly at both
}

TEST(StaticFiles, GzipCopyRoundTripsAndIsKeptOnlyWhenSmaller) {
    Scratch s;
    const std::string js = script(500);
    std::string noise(64, '\0');
    std::mt19937 rng(7);
    for (auto& c : noise) c = static_cast<char>(rng());
    s.write("www/app.js", js);
    s.write("www/noise.bin", noise);
    const auto files = StaticFiles::from_directory(s.root(), {});

    const auto zipped = get(files, "/app.js", "gzip, deflate, br");
    EXPECT_EQ(zipped.status, 200);
    EXPECT_EQ(zipped.header("Content-Encoding"), "gzip");
    EXPECT_EQ(zipped.header("Vary"), "Accept-Encoding");
    EXPECT_EQ(zipped.header("Content-Type"), "text/javascript; charset=utf-8");
    EXPECT_LT(zipped.body.size(), js.size() / 4);
    EXPECT_EQ(zipped.content_length, zipped.body.size());
    EXPECT_EQ(gunzip(std::string(zipped.body)), js);

    const auto plain = get(files, "/app.js", "gzip;q=0, identity");
    EXPECT_EQ(plain.header("Content-Encoding"), "");
    EXPECT_EQ(plain.header("Vary"), "Accept-Encoding");  // a cache must still keep both apart
    EXPECT_EQ(plain.body, js);
    EXPECT_NE(plain.header("ETag"), zipped.header("ETag"));  // two representations, two tags

    const auto random = get(files, "/noise.bin", "gzip");  // gzip would only grow it
    EXPECT_EQ(random.header("Content-Encoding"), "");
    EXPECT_EQ(random.header("Vary"), "");
    EXPECT_EQ(random.body, noise);
}

TEST(StaticFiles, ETagIsAStableHashOfTheBytesAndRevalidatesTo304) {
    Scratch s;
    s.write("www/app.js", script(100));
    s.write("www/other.js", script(101));
    const auto files = StaticFiles::from_directory(s.root(), {});
    const auto again = StaticFiles::from_directory(s.root(), {});
    const std::string etag(get(files, "/app.js").header("ETag"));
    EXPECT_EQ(etag, get(again, "/app.js").header("ETag"));  // a restart keeps clients' caches
    EXPECT_NE(etag, get(files, "/other.js").header("ETag"));
    ASSERT_EQ(etag.size(), 34u);  // 16 bytes in hex, quoted (strong: no W/)
    EXPECT_EQ(etag.front(), '"');
    EXPECT_EQ(etag.back(), '"');

    for (const std::string& tags : {etag, "\"abc\", " + etag, "\"abc\"," + etag + ",\"def\"",
                                    std::string("*"), "W/" + etag}) {
        const auto res = get(files, "/app.js", "", tags);
        EXPECT_EQ(res.status, 304) << tags;
        EXPECT_TRUE(res.body.empty());
        EXPECT_EQ(res.header("ETag"), etag);
        EXPECT_EQ(res.header("Cache-Control"), "no-cache");
    }
    for (const std::string& tags : {std::string("\"abc\""), std::string(get(files, "/other.js").header("ETag")),
                                    etag.substr(1, 32), std::string("\"\"")})
        EXPECT_EQ(get(files, "/app.js", "", tags).status, 200) << tags;

    // The gzip copy has its own tag: a 304 confirms only the representation chosen now.
    const std::string gzip_etag(get(files, "/app.js", "gzip").header("ETag"));
    EXPECT_EQ(get(files, "/app.js", "gzip", gzip_etag).status, 304);
    EXPECT_EQ(get(files, "/app.js", "", gzip_etag).status, 200);
    EXPECT_EQ(get(files, "/app.js", "gzip", etag).status, 200);
}

TEST(StaticFiles, HeadGivesTheHeadersAndLengthWithoutTheBody) {
    Scratch s;
    const std::string js = script(50);
    s.write("www/app.js", js);
    const auto files = StaticFiles::from_directory(s.root(), {});
    const auto head = files.answer("/app.js", "HEAD", "", "");
    const auto full = files.answer("/app.js", "GET", "", "");
    EXPECT_EQ(head.status, 200);
    EXPECT_TRUE(head.body.empty());
    EXPECT_EQ(head.content_length, js.size());
    EXPECT_EQ(head.headers, full.headers);
    const auto head_gzip = files.answer("/app.js", "HEAD", "", "gzip");
    EXPECT_EQ(head_gzip.content_length, get(files, "/app.js", "gzip").body.size());
    EXPECT_EQ(files.answer("/app.js", "HEAD", full.header("ETag"), "").status, 304);
    EXPECT_EQ(files.answer("/missing.js", "HEAD", "", "").status, 404);
}

TEST(StaticFiles, OtherMethodsAre405) {
    Scratch s;
    s.write("www/index.html", "index");
    const auto files = StaticFiles::from_directory(s.root(), {});
    for (const char* method : {"POST", "PUT", "DELETE", "OPTIONS", "TRACE", "get", "PATCH"}) {
        const auto res = files.answer("/index.html", method, "", "");
        EXPECT_EQ(res.status, 405) << method;
        EXPECT_EQ(res.header("Allow"), "GET, HEAD");
        EXPECT_TRUE(res.body.empty());
    }
}

TEST(StaticFiles, SourceMapsOnlyWithTheFlag) {
    Scratch s;
    s.write("www/app.js", "x();\n//# sourceMappingURL=app.js.map\n");
    s.write("www/app.js.map", R"({"version":3,"sources":["../src/main.ts"]})");
    EXPECT_EQ(StaticFiles::from_directory(s.root(), {}).paths(), std::vector<std::string>{"/app.js"});
    EXPECT_EQ(get(StaticFiles::from_directory(s.root(), {}), "/app.js.map").status, 404);
    StaticFiles::Options with_maps;
    with_maps.serve_source_maps = true;
    const auto files = StaticFiles::from_directory(s.root(), with_maps);
    const auto map = get(files, "/app.js.map");
    EXPECT_EQ(map.status, 200);
    EXPECT_EQ(map.header("Content-Type"), "application/json");
}

TEST(StaticFiles, PlaceholderServesOnlyTheIndex) {
    const auto files = StaticFiles::placeholder("<h1>Umpire</h1>");
    EXPECT_EQ(get(files, "/").body, "<h1>Umpire</h1>");
    EXPECT_EQ(get(files, "/index.html").header("Content-Type"), "text/html; charset=utf-8");
    EXPECT_EQ(get(files, "/app.js").status, 404);
    EXPECT_EQ(get(files, "//etc/passwd").status, 404);
}

// The web client's pages (issue 53): this origin only, no inline script or style, never framed,
// no Referer, no sniffing; on every file, and on a 304 too.
TEST(StaticFiles, EveryFileIsSentWithTheWebClientsSecurityHeaders) {
    Scratch s;
    s.write("www/index.html", "<!doctype html><script type=module src=app.js></script>");
    s.write("www/app.js", script(200));
    const auto files = StaticFiles::from_directory(s.root(), {});
    const auto placeholder = StaticFiles::placeholder("<h1>Umpire</h1>");
    for (const auto& [which, r] : std::vector<std::pair<std::string, StaticResponse>>{
             {"/", get(files, "/")},
             {"/app.js gzip", get(files, "/app.js", "gzip")},
             {"/app.js 304", get(files, "/app.js", "", get(files, "/app.js").header("ETag"))},
             {"placeholder", get(placeholder, "/")}}) {
        SCOPED_TRACE(which);
        const std::string csp(r.header("Content-Security-Policy"));
        for (const char* part : {"default-src 'self'", "script-src 'self'", "style-src 'self'",
                                 "object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'"})
            EXPECT_NE(csp.find(part), std::string::npos) << part << " not in " << csp;
        EXPECT_EQ(csp.find("unsafe"), std::string::npos) << csp;
        EXPECT_EQ(r.header("X-Frame-Options"), "DENY");
        EXPECT_EQ(r.header("Referrer-Policy"), "no-referrer");
        EXPECT_EQ(r.header("X-Content-Type-Options"), "nosniff");
    }
    EXPECT_EQ(get(files, "/app.js", "", get(files, "/app.js").header("ETag")).status, 304);
}

// The policy allows no inline script or style: the client's own page has none (its script and
// stylesheet are files; its favicon is the data: URL img-src allows).
TEST(StaticFiles, TheWebClientsPageNeedsNothingThePolicyRefuses) {
    std::ifstream in(std::string(UMPIRE_SOURCE_DIR) + "/web-client/static/index.html");
    const std::string page{std::istreambuf_iterator<char>(in), {}};
    ASSERT_FALSE(page.empty());
    EXPECT_EQ(page.find("<style"), std::string::npos);
    EXPECT_EQ(page.find(" style="), std::string::npos);
    EXPECT_FALSE(std::regex_search(page, std::regex(R"(\son[a-z]+\s*=)", std::regex::icase)))
        << "an inline event handler";
    for (std::size_t at = page.find("<script"); at != std::string::npos;
         at = page.find("<script", at + 1))
        EXPECT_NE(page.substr(at, page.find('>', at) - at).find(" src="), std::string::npos)
            << "an inline script: " << page.substr(at, 80);
}

TEST(StaticFiles, NoTraversalCorpusTargetFindsAFile) {
    Scratch s;  // the server test's root, less its symlinks (covered above)
    s.write("www/index.html", "index");
    s.write("www/sub/page.html", "page");
    s.write("secret.txt", "the secret");
    const auto files = StaticFiles::from_directory(s.root(), {});
    const auto corpus = testing::traversal_corpus();
    ASSERT_GE(corpus.size(), 40u);
    for (const auto& target : corpus) EXPECT_EQ(get(files, target).status, 404) << target;
}

TEST(StaticFiles, UrlPathsAreWhatABrowserSends) {
    EXPECT_EQ(url_path_for({"index.html"}), "/index.html");
    EXPECT_EQ(url_path_for({"a", "b c.js"}), "/a/b%20c.js");
    EXPECT_EQ(url_path_for({"100%.txt"}), "/100%25.txt");
    EXPECT_EQ(url_path_for({"q?#.txt"}), "/q%3F%23.txt");
    EXPECT_EQ(url_path_for({"caf\xc3\xa9.css"}), "/caf%C3%A9.css");
    EXPECT_EQ(url_path_for({"a\\b"}), "/a%5Cb");
    EXPECT_EQ(url_path_for({"x+y@2x,v=1.png"}), "/x+y@2x,v=1.png");
}

TEST(AcceptEncoding, GzipOnlyWhenAcceptedWithAPositiveQuality) {
    const std::vector<std::pair<std::string, bool>> cases{
        {"", false},
        {"gzip", true},
        {"GZIP", true},
        {"x-gzip", true},
        {"gzip, deflate, br, zstd", true},
        {"br;q=1.0, gzip;q=0.8, *;q=0.1", true},
        {"deflate, br", false},
        {"identity", false},
        {"gzip;q=0", false},
        {"gzip; q=0.000", false},
        {"gzip;Q=0", false},
        {"gzip;q=0.001", true},
        {"gzip ; q = 0.5", true},
        {"gzip;q=1", true},
        {"gzip;q=1.000", true},
        {"gzip;q=1.5", false},     // malformed: refused
        {"gzip;q=abc", false},
        {"gzip;q=0.5555", false},
        {"gzip;q=", false},
        {"*", true},
        {"*;q=0", false},
        {"*, gzip;q=0", false},    // naming gzip overrides the wildcard
        {"gzip;q=0, *", false},
        {"br, *;q=0.5", true},
        {"gzipper", false},
        {"gzip;level=9", true},
        {" , ,gzip", true},
        {"deflate;q=0.5, gzip;q=0, gzip;q=0.5", true},  // the best of repeated elements
    };
    for (const auto& [header, expected] : cases) EXPECT_EQ(accepts_gzip(header), expected) << header;
}

TEST(IfNoneMatch, ListsWildcardAndWeakComparison) {
    const std::string tag = "\"0123abcd\"";
    EXPECT_TRUE(none_match_hits(tag, tag));
    EXPECT_TRUE(none_match_hits(" " + tag + " ", tag));
    EXPECT_TRUE(none_match_hits("\"x\", " + tag, tag));
    EXPECT_TRUE(none_match_hits("\"x\",W/" + tag, tag));
    EXPECT_TRUE(none_match_hits("*", tag));
    EXPECT_TRUE(none_match_hits(" * ", tag));
    EXPECT_FALSE(none_match_hits("", tag));
    EXPECT_FALSE(none_match_hits("\"x\"", tag));
    EXPECT_FALSE(none_match_hits("0123abcd", tag));       // unquoted: not an entity-tag
    EXPECT_FALSE(none_match_hits("\"0123abcd", tag));     // unterminated
    EXPECT_FALSE(none_match_hits("\"x\", *", tag));       // '*' only on its own
    EXPECT_FALSE(none_match_hits("\"0123ABCD\"", tag));   // tags are case-sensitive
}

}  // namespace
}  // namespace umpire::server
