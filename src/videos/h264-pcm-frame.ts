/** Writes bits MSB first, with the Exp-Golomb codes of H.264 (ITU-T H.264 9.1). */
class BitWriter {
  private readonly bytes: number[] = [];
  private current = 0;
  private count = 0;

  bit(b: number): void {
    this.current = (this.current << 1) | (b & 1);
    if (++this.count === 8) {
      this.bytes.push(this.current);
      this.current = 0;
      this.count = 0;
    }
  }
  bits(value: number, n: number): void {
    for (let i = n - 1; i >= 0; i--) this.bit((value >>> i) & 1);
  }
  ue(value: number): void {
    const v = value + 1;
    const len = Math.floor(Math.log2(v));
    this.bits(0, len);
    this.bits(v, len + 1);
  }
  se(value: number): void {
    this.ue(value <= 0 ? -2 * value : 2 * value - 1);
  }
  align(): void {
    while (this.count !== 0) this.bit(0);
  }
  byte(value: number): void {
    this.bits(value, 8);
  }
  /** rbsp_trailing_bits: a stop bit, then zeros to the byte boundary. */
  trailing(): Uint8Array {
    this.bit(1);
    this.align();
    return Uint8Array.from(this.bytes);
  }
}

/** Emulation prevention (H.264 7.4.1): no 0x000000..0x000003 inside a NAL unit. */
function escapeRbsp(rbsp: Uint8Array): Uint8Array {
  const out: number[] = [];
  let zeros = 0;
  for (const b of rbsp) {
    if (zeros >= 2 && b <= 3) {
      out.push(3);
      zeros = 0;
    }
    out.push(b);
    zeros = b === 0 ? zeros + 1 : 0;
  }
  return Uint8Array.from(out);
}

function nal(header: number, rbsp: Uint8Array): Uint8Array {
  const body = escapeRbsp(rbsp);
  const out = new Uint8Array(body.length + 1);
  out[0] = header;
  out.set(body, 1);
  return out;
}

export interface H264Frame {
  sps: Uint8Array;
  pps: Uint8Array;
  /** One IDR slice NAL unit. */
  idr: Uint8Array;
  widthMbs: number;
  heightMbs: number;
}

/**
 * A real, decodable H.264 Baseline picture built without an encoder: every macroblock is I_PCM
 * (raw samples, H.264 7.3.5), so the picture is a flat colour given by `luma`, `cb`, `cr`.
 * Tiny and deterministic, which is all a placeholder video needs.
 */
export function h264PcmFrame(widthMbs: number, heightMbs: number, colour: { luma: number; cb: number; cr: number }): H264Frame {
  const sps = new BitWriter();
  sps.byte(66); // profile_idc: Baseline
  sps.byte(0xc0); // constraint_set0_flag, constraint_set1_flag
  sps.byte(30); // level_idc 3.0
  sps.ue(0); // seq_parameter_set_id
  sps.ue(0); // log2_max_frame_num_minus4
  sps.ue(2); // pic_order_cnt_type
  sps.ue(1); // max_num_ref_frames
  sps.bit(0); // gaps_in_frame_num_value_allowed_flag
  sps.ue(widthMbs - 1);
  sps.ue(heightMbs - 1);
  sps.bit(1); // frame_mbs_only_flag
  sps.bit(1); // direct_8x8_inference_flag
  sps.bit(0); // frame_cropping_flag
  sps.bit(0); // vui_parameters_present_flag

  const pps = new BitWriter();
  pps.ue(0); // pic_parameter_set_id
  pps.ue(0); // seq_parameter_set_id
  pps.bit(0); // entropy_coding_mode_flag: CAVLC
  pps.bit(0); // bottom_field_pic_order_in_frame_present_flag
  pps.ue(0); // num_slice_groups_minus1
  pps.ue(0); // num_ref_idx_l0_default_active_minus1
  pps.ue(0); // num_ref_idx_l1_default_active_minus1
  pps.bit(0); // weighted_pred_flag
  pps.bits(0, 2); // weighted_bipred_idc
  pps.se(0); // pic_init_qp_minus26
  pps.se(0); // pic_init_qs_minus26
  pps.se(0); // chroma_qp_index_offset
  pps.bit(0); // deblocking_filter_control_present_flag
  pps.bit(0); // constrained_intra_pred_flag
  pps.bit(0); // redundant_pic_cnt_present_flag

  const slice = new BitWriter();
  slice.ue(0); // first_mb_in_slice
  slice.ue(7); // slice_type: I (all slices of the picture)
  slice.ue(0); // pic_parameter_set_id
  slice.bits(0, 4); // frame_num (log2_max_frame_num = 4)
  slice.ue(0); // idr_pic_id
  slice.bit(0); // no_output_of_prior_pics_flag
  slice.bit(0); // long_term_reference_flag
  slice.se(0); // slice_qp_delta
  const clamp = (v: number) => Math.min(235, Math.max(16, Math.round(v)));
  const [y, cb, cr] = [clamp(colour.luma), clamp(colour.cb), clamp(colour.cr)];
  for (let mb = 0; mb < widthMbs * heightMbs; mb++) {
    slice.ue(25); // mb_type: I_PCM
    slice.align(); // pcm_alignment_zero_bit
    for (let i = 0; i < 256; i++) slice.byte(y);
    for (let i = 0; i < 64; i++) slice.byte(cb);
    for (let i = 0; i < 64; i++) slice.byte(cr);
  }

  return {
    sps: nal(0x67, sps.trailing()),
    pps: nal(0x68, pps.trailing()),
    idr: nal(0x65, slice.trailing()),
    widthMbs,
    heightMbs,
  };
}
