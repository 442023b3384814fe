import type { ResourceHooks } from "../engine/hooks";
import { normaliseProduct } from "./product-fields";

/** resources/lives/product-template.ts: the product id's default and the description's line breaks. */
export const productTemplateHooks: ResourceHooks = {
  prepare: (values, { before }) => normaliseProduct(values, before),
};
