import { Button } from "antd";
import { useState } from "react";
import { smsResendSeconds } from "../../resources/auth/auth";
import { useCountdown } from "../lib/use-countdown";

/**
 * 获取验证码 with the 60 s resend wait (1 §4). `onRequest` asks for the code and
 * says whether one was sent; only then does the wait start.
 */
export function SmsCodeButton({ onRequest }: { onRequest: () => Promise<boolean> }) {
  const { left, start } = useCountdown();
  const [busy, setBusy] = useState(false);

  const click = async () => {
    setBusy(true);
    try {
      if (await onRequest()) start(smsResendSeconds);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Button onClick={click} loading={busy} disabled={left > 0} style={{ minWidth: 132 }}>
      {left > 0 ? `${left}秒后重新获取` : "获取验证码"}
    </Button>
  );
}
