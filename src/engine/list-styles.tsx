import { Button, Card, DatePicker, Empty, Form, Image, Input, Select, Space, Table, Tag, Typography } from "antd";
import { keepStyles } from "../components/style-keeper";

/** The antd parts a generated list mounts, kept by the shell (src/components/style-keeper.tsx). */
function ListStyles() {
  return (
    <Card title=" ">
      <Space.Compact>
        <Input />
        <Button>.</Button>
      </Space.Compact>
      <Form layout="inline">
        <Form.Item label=" ">
          <Select />
        </Form.Item>
        <Form.Item label=" ">
          <DatePicker.RangePicker />
        </Form.Item>
      </Form>
      <Image width={1} height={1} alt="" />
      <Space>
        <Tag />
        <Typography.Text />
      </Space>
      <Table size="middle" columns={[{ key: "k", title: "" }]} dataSource={[]} pagination={{ total: 11, showSizeChanger: true }} locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} /> }} />
    </Card>
  );
}

keepStyles(ListStyles);
