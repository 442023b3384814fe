import type { FormInstance } from "antd";
import { useCallback, useState } from "react";
import { authApi } from "../../../resources/auth";
import { endpointUrl } from "../../../providers/http";

/**
 * The graphic captcha of a sign-in form. The server keeps one answer per mobile, so
 * the image is bound to the mobile typed when it was (re)loaded, not to every keystroke.
 */
export function useCaptcha(form: FormInstance) {
  const [image, setImage] = useState<{ mobile: string; ts: number } | null>(null);

  const refresh = useCallback(() => {
    setImage({ mobile: (form.getFieldValue("mobile") as string | undefined) ?? "", ts: Date.now() });
  }, [form]);

  const src = image ? endpointUrl(authApi.captchaImage, { mobile: image.mobile, ts: image.ts }) : undefined;
  return { shown: image !== null, src, refresh };
}
