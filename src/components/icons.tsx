import {
  ArrowDownOutlined as ArrowDownOutlinedNamed,
  ArrowLeftOutlined as ArrowLeftOutlinedNamed,
  ArrowUpOutlined as ArrowUpOutlinedNamed,
  AudioOutlined as AudioOutlinedNamed,
  BoldOutlined as BoldOutlinedNamed,
  CheckOutlined as CheckOutlinedNamed,
  ClearOutlined as ClearOutlinedNamed,
  CloseOutlined as CloseOutlinedNamed,
  DeleteOutlined as DeleteOutlinedNamed,
  DownOutlined as DownOutlinedNamed,
  DownloadOutlined as DownloadOutlinedNamed,
  DragOutlined as DragOutlinedNamed,
  ExclamationCircleFilled as ExclamationCircleFilledNamed,
  ExportOutlined as ExportOutlinedNamed,
  EyeInvisibleOutlined as EyeInvisibleOutlinedNamed,
  EyeOutlined as EyeOutlinedNamed,
  FileImageOutlined as FileImageOutlinedNamed,
  FileOutlined as FileOutlinedNamed,
  FilePdfOutlined as FilePdfOutlinedNamed,
  FilePptOutlined as FilePptOutlinedNamed,
  FileWordOutlined as FileWordOutlinedNamed,
  FolderAddOutlined as FolderAddOutlinedNamed,
  FolderFilled as FolderFilledNamed,
  ImportOutlined as ImportOutlinedNamed,
  ItalicOutlined as ItalicOutlinedNamed,
  LeftOutlined as LeftOutlinedNamed,
  LockOutlined as LockOutlinedNamed,
  MenuOutlined as MenuOutlinedNamed,
  OrderedListOutlined as OrderedListOutlinedNamed,
  PictureOutlined as PictureOutlinedNamed,
  PlusOutlined as PlusOutlinedNamed,
  RightOutlined as RightOutlinedNamed,
  SearchOutlined as SearchOutlinedNamed,
  SettingOutlined as SettingOutlinedNamed,
  TeamOutlined as TeamOutlinedNamed,
  UnorderedListOutlined as UnorderedListOutlinedNamed,
  UploadOutlined as UploadOutlinedNamed,
  UserOutlined as UserOutlinedNamed,
  VideoCameraOutlined as VideoCameraOutlinedNamed,
} from "@ant-design/icons";
import { createElement, forwardRef, type ComponentProps } from "react";

type AntdIcon = typeof SearchOutlinedNamed;
type IconProps = Omit<ComponentProps<AntdIcon>, "ref">;

/**
 * antd's icons name themselves in English (role img, aria-label "search"), so a button drawn with
 * one read "search 搜索" to a screen reader in this Chinese console. Every icon here is decorative:
 * hidden from assistive technology unless it is given a name of its own; a control that is only an
 * icon names itself (aria-label). Lint keeps the console's icons coming from this file.
 */
function decorative(Icon: AntdIcon) {
  return forwardRef<HTMLSpanElement, IconProps>(function DecorativeIcon(props, ref) {
    return createElement(Icon, { "aria-hidden": props["aria-label"] ? undefined : true, ...props, ref });
  });
}

export const ArrowDownOutlined = decorative(ArrowDownOutlinedNamed);
export const ArrowLeftOutlined = decorative(ArrowLeftOutlinedNamed);
export const ArrowUpOutlined = decorative(ArrowUpOutlinedNamed);
export const AudioOutlined = decorative(AudioOutlinedNamed);
export const BoldOutlined = decorative(BoldOutlinedNamed);
export const CheckOutlined = decorative(CheckOutlinedNamed);
export const ClearOutlined = decorative(ClearOutlinedNamed);
export const CloseOutlined = decorative(CloseOutlinedNamed);
export const DeleteOutlined = decorative(DeleteOutlinedNamed);
export const DownOutlined = decorative(DownOutlinedNamed);
export const DownloadOutlined = decorative(DownloadOutlinedNamed);
export const DragOutlined = decorative(DragOutlinedNamed);
export const ExclamationCircleFilled = decorative(ExclamationCircleFilledNamed);
export const ExportOutlined = decorative(ExportOutlinedNamed);
export const EyeInvisibleOutlined = decorative(EyeInvisibleOutlinedNamed);
export const EyeOutlined = decorative(EyeOutlinedNamed);
export const FileImageOutlined = decorative(FileImageOutlinedNamed);
export const FileOutlined = decorative(FileOutlinedNamed);
export const FilePdfOutlined = decorative(FilePdfOutlinedNamed);
export const FilePptOutlined = decorative(FilePptOutlinedNamed);
export const FileWordOutlined = decorative(FileWordOutlinedNamed);
export const FolderAddOutlined = decorative(FolderAddOutlinedNamed);
export const FolderFilled = decorative(FolderFilledNamed);
export const ImportOutlined = decorative(ImportOutlinedNamed);
export const ItalicOutlined = decorative(ItalicOutlinedNamed);
export const LeftOutlined = decorative(LeftOutlinedNamed);
export const LockOutlined = decorative(LockOutlinedNamed);
export const MenuOutlined = decorative(MenuOutlinedNamed);
export const OrderedListOutlined = decorative(OrderedListOutlinedNamed);
export const PictureOutlined = decorative(PictureOutlinedNamed);
export const PlusOutlined = decorative(PlusOutlinedNamed);
export const RightOutlined = decorative(RightOutlinedNamed);
export const SearchOutlined = decorative(SearchOutlinedNamed);
export const SettingOutlined = decorative(SettingOutlinedNamed);
export const TeamOutlined = decorative(TeamOutlinedNamed);
export const UnorderedListOutlined = decorative(UnorderedListOutlinedNamed);
export const UploadOutlined = decorative(UploadOutlinedNamed);
export const UserOutlined = decorative(UserOutlinedNamed);
export const VideoCameraOutlined = decorative(VideoCameraOutlinedNamed);
