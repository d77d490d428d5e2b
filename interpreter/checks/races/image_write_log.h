// ImageWriteLog: the texels the work-items of one warp wrote through images since
// each one's last image fence, for the race check's image.unfenced-read finding
// (docs/findings.md): OpenCL API §3.3.8 — a work-item that reads an image it wrote
// needs atomic_work_item_fence(CLK_IMAGE_MEM_FENCE, …) between the write and the
// read, or the write need not be visible to it. Only kept when the kernel reads
// images and writes read_write images (RaceShadow::logsImageWrites), and only for
// writes to read_write images (RaceSite::readWriteImage).
#pragma once

#include <cstdint>
#include <unordered_map>

namespace spvsim {

class ImageWriteLog {
public:
  /// No lane has an unfenced write.
  bool empty() const { return lanes_ == 0; }
  /// Lane `lane` wrote the texel at tagged pointer `texel` at race site `site`.
  void wrote(uint32_t lane, uint64_t texel, uint32_t site) {
    Entry &e = texels_[texel];
    e.lanes |= uint64_t(1) << lane;
    e.site = site;
    lanes_ |= uint64_t(1) << lane;
  }
  /// Whether lane `lane` wrote the texel at `texel` since its last image fence; `site`
  /// receives the site of the texel's last logged write.
  bool find(uint32_t lane, uint64_t texel, uint32_t &site) const {
    if (!((lanes_ >> lane) & 1)) return false;
    const auto it = texels_.find(texel);
    if (it == texels_.end() || !((it->second.lanes >> lane) & 1)) return false;
    site = it->second.site;
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
  };
  std::unordered_map<uint64_t, Entry> texels_; ///< by tagged pointer of the texel
  uint64_t lanes_ = 0;                         ///< lanes with at least one logged write
};

} // namespace spvsim
