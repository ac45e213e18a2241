import { Button } from '@/components/ui/button';
import { AppModal } from '@/components/ui/modal';
import { AppText } from '@/components/ui/text';

type Props = {
  visible: boolean;
  title: string;
  text: string;
  /** confirm is the label of the (danger) button that goes ahead. */
  confirm: string;
  onConfirm: () => void;
  onClose: () => void;
};

/** ConfirmDialog asks before an action that locks a person out or cannot be taken back. */
export function ConfirmDialog({ visible, title, text, confirm, onConfirm, onClose }: Props) {
  return (
    <AppModal visible={visible} title={title} onClose={onClose} footer={<Button variant="danger" title={confirm} onPress={onConfirm} />}>
      <AppText>{text}</AppText>
    </AppModal>
  );
}
