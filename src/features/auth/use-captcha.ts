import { Form, type FormInstance } from "antd";
import { useCallback, useEffect, useState } from "react";
import { authApi } from "../../../resources/auth/auth";
import { endpointUrl } from "../../../providers/http";

/** How long typing in the mobile must pause before a shown captcha is fetched again for it. */
const FOLLOW_MS = 400;

/**
 * The graphic captcha of a sign-in form. The server binds each answer to one mobile, so
 * a shown image follows the mobile field: once the typing pauses, an image for the new
 * mobile replaces it (and whatever was typed for the old one goes), and `mobile` says
 * which mobile the image on screen answers for.
 */
export function useCaptcha(form: FormInstance) {
  const [image, setImage] = useState<{ mobile: string; ts: number } | null>(null);
  const typed = (Form.useWatch("mobile", form) as string | undefined) ?? "";

  const refresh = useCallback(() => {
    form.setFieldValue("authcode", "");
    setImage({ mobile: (form.getFieldValue("mobile") as string | undefined) ?? "", ts: Date.now() });
  }, [form]);

  useEffect(() => {
    if (!image || image.mobile === typed) return;
    const timer = setTimeout(refresh, FOLLOW_MS);
    return () => clearTimeout(timer);
  }, [image, typed, refresh]);

  const src = image ? endpointUrl(authApi.captchaImage, { mobile: image.mobile, ts: image.ts }) : undefined;
  return { shown: image !== null, mobile: image?.mobile, src, refresh };
}

export type Captcha = ReturnType<typeof useCaptcha>;
