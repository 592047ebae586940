#ifndef WIDGETHOST_CJPEG_SHIM_H
#define WIDGETHOST_CJPEG_SHIM_H
// libjpeg-turbo (Debian's libjpeg62-turbo-dev) for the JPEG files a widget's images show.
// libjpeg reports a fatal error by calling error_exit, which must not return: these wrappers
// set a jump point before every call into it, so an error comes back as -1 with its message
// and never reaches Swift frames. Warnings (a corrupt but decodable stream) are not printed.
#include <stdio.h>
#include <setjmp.h>
#include <stdint.h>
#include <string.h>
#include <jpeglib.h>

struct widgethost_jpeg_error {
    struct jpeg_error_mgr manager;
    jmp_buf jump;
    char message[JMSG_LENGTH_MAX];
};

static inline void widgethost_jpeg_exit(j_common_ptr info) {
    struct widgethost_jpeg_error *error = (struct widgethost_jpeg_error *)info->err;
    (*info->err->format_message)(info, error->message);
    longjmp(error->jump, 1);
}

static inline void widgethost_jpeg_quiet(j_common_ptr info, int level) { (void)info; (void)level; }

/// A decompressor whose errors jump back to the caller's `setjmp` (each entry point sets its own,
/// in its own frame, as setjmp requires) and whose warnings are not printed.
static inline void widgethost_jpeg_prepare(struct jpeg_decompress_struct *info, struct widgethost_jpeg_error *error) {
    memset(info, 0, sizeof *info);
    info->err = jpeg_std_error(&error->manager);
    error->manager.error_exit = widgethost_jpeg_exit;
    error->manager.emit_message = widgethost_jpeg_quiet;
    error->message[0] = 0;
}

/// The picture's size from its header, without decoding it: 0, or -1 with `message` (at least
/// JMSG_LENGTH_MAX bytes) saying why.
static inline int widgethost_jpeg_size(const unsigned char *data, unsigned long size, unsigned *width, unsigned *height, char *message) {
    struct jpeg_decompress_struct info;
    struct widgethost_jpeg_error error;
    widgethost_jpeg_prepare(&info, &error);
    if (setjmp(error.jump)) {
        strncpy(message, error.message, JMSG_LENGTH_MAX - 1);
        message[JMSG_LENGTH_MAX - 1] = 0;
        jpeg_destroy_decompress(&info);
        return -1;
    }
    jpeg_create_decompress(&info);
    jpeg_mem_src(&info, data, size);
    jpeg_read_header(&info, TRUE);
    *width = info.image_width;
    *height = info.image_height;
    jpeg_destroy_decompress(&info);
    return 0;
}

/// One row of libjpeg's CMYK output (4 bytes a pixel) turned in place into cairo's ARGB32 (a
/// native-endian word a pixel, opaque). The samples are read as inverted, as Adobe software stores
/// them (255 is no ink), so red is C·K/255: with or without an Adobe APP14 marker, as browsers and
/// Pillow read them. No colour profile is applied.
static inline void widgethost_jpeg_cmyk_row(unsigned char *row, unsigned width) {
    uint32_t *pixel = (uint32_t *)row;
    for (unsigned x = 0; x < width; x++) {
        const unsigned char *ink = row + (size_t)x * 4;
        unsigned c = ink[0], m = ink[1], y = ink[2], k = ink[3];
        uint32_t r = (c * k + 127) / 255, g = (m * k + 127) / 255, b = (y * k + 127) / 255;
        pixel[x] = 0xFF000000u | r << 16 | g << 8 | b;
    }
}

/// Decodes into `pixels`, `height` rows of `stride` bytes in cairo's ARGB32 (opaque, so already
/// premultiplied). The header must say `width` × `height`. A CMYK or YCCK picture is decoded to
/// CMYK (libjpeg turns YCCK into CMYK) and each row turned into RGB. 0, or -1 with `message`.
static inline int widgethost_jpeg_decode(const unsigned char *data, unsigned long size, unsigned char *pixels, unsigned stride,
                                         unsigned width, unsigned height, char *message) {
    struct jpeg_decompress_struct info;
    struct widgethost_jpeg_error error;
    widgethost_jpeg_prepare(&info, &error);
    if (setjmp(error.jump)) {
        strncpy(message, error.message, JMSG_LENGTH_MAX - 1);
        message[JMSG_LENGTH_MAX - 1] = 0;
        jpeg_destroy_decompress(&info);
        return -1;
    }
    jpeg_create_decompress(&info);
    jpeg_mem_src(&info, data, size);
    jpeg_read_header(&info, TRUE);
    if (info.image_width != width || info.image_height != height) {
        strcpy(message, "the header changed between two reads");
        jpeg_destroy_decompress(&info);
        return -1;
    }
    const int cmyk = info.jpeg_color_space == JCS_CMYK || info.jpeg_color_space == JCS_YCCK;
    if (cmyk) {
        info.out_color_space = JCS_CMYK;
    } else {
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
        info.out_color_space = JCS_EXT_BGRA;
#else
        info.out_color_space = JCS_EXT_ARGB;
#endif
    }
    jpeg_start_decompress(&info);
    if (info.output_components != 4 || info.output_width != width) {
        strcpy(message, "the decoder's output is not 4 bytes a pixel of the header's width");
        jpeg_destroy_decompress(&info);
        return -1;
    }
    while (info.output_scanline < info.output_height) {
        JSAMPROW row = pixels + (size_t)info.output_scanline * stride;
        if (jpeg_read_scanlines(&info, &row, 1) != 1) break;
        if (cmyk) widgethost_jpeg_cmyk_row(row, width);
    }
    jpeg_finish_decompress(&info);
    jpeg_destroy_decompress(&info);
    return 0;
}
#endif
