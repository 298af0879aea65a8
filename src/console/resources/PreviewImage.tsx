import { Image } from "antd";

/** A record's image shown whole, with antd's preview (click to enlarge). Its own chunk: lists show thumbnails. */
export default function PreviewImage({ src, alt, width }: { src: string; alt: string; width: number }) {
  return <Image src={src} alt={alt} width={width} style={{ objectFit: "contain", maxHeight: 320, borderRadius: 6 }} />;
}
