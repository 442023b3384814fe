import type { ResourceHooks } from "../engine/hooks";
import { normaliseProduct } from "./product-fields";

/** resources/lives/ad-template.ts: an ad is a product-shaped record (3 §3), normalised the same way. */
export const adTemplateHooks: ResourceHooks = {
  prepare: (values, { before }) => normaliseProduct(values, before),
};
