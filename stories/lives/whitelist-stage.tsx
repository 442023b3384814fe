import { fn } from "storybook/test";
import { useValidatorService } from "../../src/features/lives/verification/use-validator-service";
import { WhitelistDialog } from "../../src/features/lives/verification/whitelist/whitelist-dialog";

/** The 白名单列表 dialog open over live 42, with the service the drawer would hand it. */
export function WhitelistStage({ onClose = fn() }: { onClose?: () => void }) {
  const service = useValidatorService(42);
  return <WhitelistDialog live={{ id: 42, title: "高一数学公开课" }} service={service} open onClose={onClose} />;
}
