import { ep } from "./endpoint";

/**
 * The image upload of the console (1 §7 "Upload file", 2 §7): one multipart file field,
 * answered with the URL the image is served at. Covers of courses, products and ads use it.
 */
export const uploadApi = {
  upload: ep("POST /upload", "upload"),
  /** Where an uploaded file is served; `:name` is the name the upload answered. */
  file: ep("GET /uploads/:name"),
} as const;

/** The cover rules of 1 §5 and §9: jpeg or png, at most 3 MB. The server judges the file's own bytes. */
export const imageUpload = {
  maxBytes: 3 * 1024 * 1024,
  types: { "image/jpeg": "jpg", "image/png": "png" } as Record<string, string>,
  messages: {
    type: "请上传jpeg、png格式图片",
    size: "最大上传3M",
    missing: "请选择要上传的图片",
  },
} as const;
