#include "server/gzip.hpp"

#include <zlib.h>

#include <stdexcept>

namespace umpire::server {

std::string gzip_compress(std::string_view bytes) {
    if (bytes.size() > 0xffffffffu) throw std::runtime_error("gzip: input too large");
    z_stream z{};
    // windowBits 15 + 16: a gzip header and trailer instead of zlib's.
    if (deflateInit2(&z, Z_BEST_COMPRESSION, Z_DEFLATED, 15 + 16, 9, Z_DEFAULT_STRATEGY) != Z_OK)
        throw std::runtime_error("zlib: deflateInit2 failed");
    std::string out(deflateBound(&z, static_cast<uLong>(bytes.size())), '\0');
    z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(bytes.data()));
    z.avail_in = static_cast<uInt>(bytes.size());
    z.next_out = reinterpret_cast<Bytef*>(out.data());
    z.avail_out = static_cast<uInt>(out.size());
    const int result = deflate(&z, Z_FINISH);  // deflateBound leaves room for it all at once
    const auto written = z.total_out;
    deflateEnd(&z);
    if (result != Z_STREAM_END) throw std::runtime_error("zlib: deflate failed");
    out.resize(written);
    return out;
}

}  // namespace umpire::server
