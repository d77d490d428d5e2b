// ImageWriteLog: the texels the work-items of one warp wrote through images since
// each one's last image fence, for the race check's image.unfenced-read finding
// (docs/findings.md): OpenCL API §3.3.8 — a work-item that reads an image it wrote
// needs atomic_work_item_fence(CLK_IMAGE_MEM_FENCE, …) between the write and the
// read, or the write need not be visible to it. Texels are kept by the memory they
// are, the root allocation's byte (memoryKey), so that a read through another image
// over the same bytes (an sRGB or other view, images made from one buffer) finds the
// write. Only kept when the kernel reads images and writes read_write images, or writes
// images while some image of the launch views another allocation's bytes
// (RaceShadow::logsImageWrites); only for writes to read_write images
// (RaceSite::readWriteImage) and, in such launches, to any image.
#pragma once

#include <cstdint>
#include <string>
#include <unordered_map>

namespace spvsim {

class ImageWriteLog {
public:
  /// No lane has an unfenced write.
  bool empty() const { return lanes_ == 0; }
  /// Lane `lane` wrote the texel whose first byte is `memory` (memoryKey) through image
  /// allocation `image` at race site `site`.
  void wrote(uint32_t lane, uint64_t memory, uint32_t image, uint32_t site) {
    Entry &e = texels_[memory];
    e.lanes |= uint64_t(1) << lane;
    e.site = site;
    e.image = image;
    lanes_ |= uint64_t(1) << lane;
  }
  /// Whether lane `lane` wrote the texel at `memory` since its last image fence; `site`
  /// and `image` receive the site and image of the texel's last logged write.
  bool find(uint32_t lane, uint64_t memory, uint32_t &site, uint32_t &image) const {
    if (!((lanes_ >> lane) & 1)) return false;
    const auto it = texels_.find(memory);
    if (it == texels_.end() || !((it->second.lanes >> lane) & 1)) return false;
    site = it->second.site;
    image = it->second.image;
    return true;
  }
  /// The lanes of `lanes` passed an image fence: their writes are visible to them now.
  void fenced(uint64_t lanes) {
    if (!(lanes_ & lanes)) return;
    lanes_ &= ~lanes;
    if (!lanes_) {
      texels_.clear();
      return;
    }
    for (auto it = texels_.begin(); it != texels_.end();)
      if ((it->second.lanes &= ~lanes) == 0)
        it = texels_.erase(it);
      else
        ++it;
  }
  void clear() {
    if (lanes_) texels_.clear();
    lanes_ = 0;
  }

private:
  struct Entry {
    uint64_t lanes = 0; ///< lanes that wrote the texel since their last image fence
    uint32_t site = 0;  ///< race site of the last of those writes
    uint32_t image = 0; ///< the image allocation it went through
  };
  std::unordered_map<uint64_t, Entry> texels_; ///< by memoryKey of the texel
  uint64_t lanes_ = 0;                         ///< lanes with at least one logged write
};

struct LaunchContext;

namespace race {
/// "texel (3, 1) of image 'img'": the texel at byte `offset` of image `image`.
std::string texelText(const LaunchContext &L, uint32_t image, uint64_t offset);
} // namespace race

} // namespace spvsim
